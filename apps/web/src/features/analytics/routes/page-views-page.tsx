import { useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChartColumn, RefreshCw } from 'lucide-react';
import { format, formatDistanceToNow, parseISO } from 'date-fns';
import type { TPageViewStat } from '@screenline/shared/analytics';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { usePageViewStats } from '@/features/analytics/api/get-page-view-stats';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';

type TSortKey = 'path' | 'views' | 'lastTitle' | 'lastViewedAt';
type TSort = { key: TSortKey; direction: 'ascending' | 'descending' };

const COLUMNS: { key: TSortKey; label: string; numeric?: boolean }[] = [
  { key: 'path', label: 'Path' },
  { key: 'views', label: 'Views', numeric: true },
  { key: 'lastTitle', label: 'Last title' },
  { key: 'lastViewedAt', label: 'Last viewed' },
];

export function sortPageViews(items: TPageViewStat[], { key, direction }: TSort): TPageViewStat[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...items].sort((a, b) => {
    const order =
      key === 'views'
        ? a.views - b.views
        : key === 'lastViewedAt'
          ? Date.parse(a.lastViewedAt) - Date.parse(b.lastViewedAt)
          : a[key].localeCompare(b[key]);
    return order * sign || a.path.localeCompare(b.path);
  });
}

function formatWhen(iso: string): { label: string; title: string } {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return { label: iso, title: iso };
  return { label: formatDistanceToNow(date, { addSuffix: true }), title: format(date, 'PPpp') };
}

/** /admin/page-views: how often each path of the app was viewed (SPEC §1 analytics). */
export function PageViewsPage() {
  usePageTitle('Page views');
  const stats = usePageViewStats();
  const [sort, setSort] = useState<TSort>({ key: 'views', direction: 'descending' });
  const rows = useMemo(() => sortPageViews(stats.data?.items ?? [], sort), [stats.data, sort]);
  const totalViews = rows.reduce((sum, row) => sum + row.views, 0);

  const toggleSort = (key: TSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : {
            key,
            direction: key === 'views' || key === 'lastViewedAt' ? 'descending' : 'ascending',
          },
    );

  return (
    <>
      <PageHeader
        title="Page views"
        description="Views per page of the web app, counted on every change of path and query."
        actions={
          <Button
            variant="outline"
            onClick={() => void stats.refetch()}
            isPending={stats.isFetching}
          >
            {!stats.isFetching && <RefreshCw aria-hidden />}
            Refresh
          </Button>
        }
      />
      {stats.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading page views" className="size-6 text-primary" />
        </div>
      ) : stats.isError ? (
        <Alert tone="error" title="Page views could not be loaded">
          {errorMessage(stats.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ChartColumn}
          title="No page views yet"
          description="Views appear here as people use Screenline."
        />
      ) : (
        <Card className="overflow-hidden">
          <p className="border-b border-border px-5 py-3 text-sm text-muted-foreground">
            {totalViews.toLocaleString()} views across {rows.length.toLocaleString()} paths
          </p>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Page views per path, sortable by each column</caption>
              <thead className="bg-surface-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase">
                <tr>
                  {COLUMNS.map(({ key, label, numeric }) => {
                    const isSorted = sort.key === key;
                    const SortIcon = !isSorted
                      ? ArrowUpDown
                      : sort.direction === 'ascending'
                        ? ArrowUp
                        : ArrowDown;
                    return (
                      <th
                        key={key}
                        scope="col"
                        aria-sort={isSorted ? sort.direction : 'none'}
                        className={numeric ? 'px-5 py-2 text-right' : 'px-5 py-2'}
                      >
                        <button
                          type="button"
                          onClick={() => toggleSort(key)}
                          className="inline-flex cursor-pointer items-center gap-1 rounded font-semibold uppercase hover:text-foreground"
                        >
                          {label}
                          <SortIcon aria-hidden className="size-3.5" />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => {
                  const when = formatWhen(row.lastViewedAt);
                  return (
                    <tr key={row.path} className="hover:bg-surface-muted/40">
                      <td className="max-w-72 px-5 py-3 font-mono text-xs break-all">{row.path}</td>
                      <td className="px-5 py-3 text-right font-medium tabular-nums">
                        {row.views.toLocaleString()}
                      </td>
                      <td
                        className="max-w-64 truncate px-5 py-3 text-muted-foreground"
                        title={row.lastTitle}
                      >
                        {row.lastTitle || '—'}
                      </td>
                      <td className="px-5 py-3 whitespace-nowrap text-muted-foreground">
                        <time dateTime={row.lastViewedAt} title={when.title}>
                          {when.label}
                        </time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </>
  );
}

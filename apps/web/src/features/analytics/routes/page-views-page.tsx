import { Fragment, useState } from 'react';
import { ChartColumn, ChevronRight, RefreshCw } from 'lucide-react';
import { endOfDay, parseISO, startOfDay } from 'date-fns';
import { PAGE_VIEW_DEFAULT_DAYS, PAGE_VIEW_UNKNOWN_ROUTE } from '@screenline/shared/analytics';
import {
  DateRangeField,
  dayRangeError,
  lastDaysIn,
  lastDaysPresets,
  viewerTimeZone,
  type TDayRange,
} from '@/components/date-range-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import {
  type TPageViewRange,
  usePageViewRoutes,
} from '@/features/analytics/api/list-page-view-routes';
import { PathText } from '@/features/analytics/components/path-text';
import { CELLS, RouteVariants } from '@/features/analytics/components/route-variants';
import { formatWhen } from '@/features/analytics/utils/format-when';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** Whole days in the viewer's zone, as the instants the API counts between. */
function toRange({ from, to }: TDayRange): TPageViewRange {
  return {
    from: startOfDay(parseISO(from)).toISOString(),
    to: endOfDay(parseISO(to)).toISOString(),
  };
}

const lastDays = (days: number): TDayRange => lastDaysIn(viewerTimeZone(), days);

const presets = () => lastDaysPresets(viewerTimeZone(), [7, 30, 90], (days) => `${days} days`);

/**
 * /admin/page-views: how often each route of the app was viewed in a date range (SPEC §1
 * analytics). Query strings are grouped under their route; opening a route lists them.
 */
export function PageViewsPage() {
  usePageTitle('Page views');
  const [days, setDays] = useState<TDayRange>(() => lastDays(PAGE_VIEW_DEFAULT_DAYS));
  // The report keeps showing the last valid range while the inputs hold an invalid one.
  const [range, setRange] = useState<TPageViewRange>(() => toRange(days));
  const [openRoute, setOpenRoute] = useState<string | null>(null);
  const routes = usePageViewRoutes(range);
  const rows = routes.data?.pages.flatMap((page) => page.items) ?? [];

  const error = dayRangeError(days);
  const changeDays = (next: TDayRange) => {
    setDays(next);
    if (dayRangeError(next) === null) {
      setRange(toRange(next));
      setOpenRoute(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Page views"
        description="Views per page of the web app. Ids and query strings count under their route (/content/:id); open a route to see them."
        actions={
          <Button
            variant="outline"
            onClick={() => void routes.refetch()}
            isPending={routes.isFetching && !routes.isFetchingNextPage}
          >
            {!(routes.isFetching && !routes.isFetchingNextPage) && <RefreshCw aria-hidden />}
            Refresh
          </Button>
        }
      />
      <div className="mb-5">
        <DateRangeField
          value={days}
          onChange={changeDays}
          error={error}
          presets={presets()}
          presetsLabel="Date range"
        />
      </div>
      {routes.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading page views" className="size-6 text-primary" />
        </div>
      ) : routes.isError ? (
        <Alert tone="error" title="Page views could not be loaded">
          {errorMessage(routes.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ChartColumn}
          title="No page views in this range"
          description="Choose a longer range, or come back as people use Screenline."
        />
      ) : (
        <Card className="overflow-hidden">
          <p className="border-b border-border px-4 py-3 text-sm text-muted-foreground sm:px-5">
            {rows.length.toLocaleString()} {rows.length === 1 ? 'route' : 'routes'}
            {routes.hasNextPage ? ' so far' : ''}, most viewed first
          </p>
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">Page views per route, most viewed first</caption>
            <thead className="bg-surface-muted/60 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 sm:px-5">
                  Route
                </th>
                <th scope="col" className="w-20 px-3 py-2 text-right">
                  Views
                </th>
                <th scope="col" className="hidden w-24 px-3 py-2 text-right sm:table-cell">
                  Variants
                </th>
                <th scope="col" className="hidden w-1/4 px-3 py-2 lg:table-cell">
                  Last title
                </th>
                <th scope="col" className="hidden w-48 px-3 py-2 md:table-cell">
                  Last viewed
                </th>
              </tr>
            </thead>
            {rows.map((row) => {
              const when = formatWhen(row.lastViewedAt);
              const isOpen = openRoute === row.route;
              const panelId = `variants-${encodeURIComponent(row.route)}`;
              return (
                <Fragment key={row.route}>
                  <tbody>
                    <tr
                      className={cn(
                        'border-t border-border hover:bg-surface-muted/40',
                        isOpen && 'bg-surface-muted/40',
                      )}
                    >
                      <td className={CELLS.route}>
                        <button
                          type="button"
                          // Flex items would put a space before the comma in the computed name.
                          aria-label={`${row.route}${row.route === PAGE_VIEW_UNKNOWN_ROUTE ? ' (no such page)' : ''}, ${row.variants} ${row.variants === 1 ? 'variant' : 'variants'}`}
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? panelId : undefined}
                          onClick={() => setOpenRoute(isOpen ? null : row.route)}
                          className="flex w-full cursor-pointer items-start gap-1.5 rounded text-left hover:text-primary"
                        >
                          <ChevronRight
                            aria-hidden
                            className={cn(
                              'mt-0.5 size-3.5 shrink-0 transition-transform',
                              isOpen && 'rotate-90',
                            )}
                          />
                          <span>
                            <PathText path={row.route} />
                            {row.route === PAGE_VIEW_UNKNOWN_ROUTE && (
                              <span className="block text-xs text-muted-foreground">
                                No such page (not found)
                              </span>
                            )}
                          </span>
                        </button>
                      </td>
                      <td className={CELLS.views}>{row.views.toLocaleString()}</td>
                      <td className={CELLS.variants}>{row.variants.toLocaleString()}</td>
                      <td className={CELLS.title} title={row.lastTitle}>
                        {row.lastTitle || '—'}
                      </td>
                      <td className={CELLS.when}>
                        <time dateTime={row.lastViewedAt} title={when.title}>
                          {when.label}
                        </time>
                      </td>
                    </tr>
                  </tbody>
                  {isOpen && <RouteVariants id={panelId} route={row.route} range={range} />}
                </Fragment>
              );
            })}
          </table>
          {routes.hasNextPage && (
            <div className="flex justify-center border-t border-border p-3">
              <Button
                variant="outline"
                isPending={routes.isFetchingNextPage}
                onClick={() => void routes.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </Card>
      )}
    </>
  );
}

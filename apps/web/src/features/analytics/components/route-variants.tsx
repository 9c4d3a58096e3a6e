import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { TPageViewRange } from '@/features/analytics/api/list-page-view-routes';
import { usePageViewVariants } from '@/features/analytics/api/list-page-view-variants';
import { PathText } from '@/features/analytics/components/path-text';
import { formatWhen } from '@/features/analytics/utils/format-when';
import { errorMessage } from '@/lib/api-client';

/** Cell classes shared with the route rows, so variants line up under their columns. */
export const CELLS = {
  route: 'px-4 py-3 sm:px-5',
  views: 'px-3 py-3 text-right font-medium tabular-nums',
  variants: 'hidden px-3 py-3 text-right text-muted-foreground tabular-nums sm:table-cell',
  title: 'hidden truncate px-3 py-3 text-muted-foreground lg:table-cell',
  when: 'hidden truncate px-3 py-3 whitespace-nowrap text-muted-foreground md:table-cell',
};

/**
 * The drill-down of one route: a row per path with its query string, most viewed first, in the
 * route table's own columns (so it lines up at every width).
 */
export function RouteVariants({
  id,
  route,
  range,
}: {
  id: string;
  route: string;
  range: TPageViewRange;
}) {
  const variants = usePageViewVariants(route, range);
  const items = variants.data?.pages.flatMap((page) => page.items) ?? [];
  const note = (content: ReactNode) => (
    <tr>
      <td className={`${CELLS.route} pl-9 sm:pl-10`} colSpan={2}>
        {content}
      </td>
    </tr>
  );
  return (
    <tbody id={id} aria-label={`Variants of ${route}`} className="bg-surface-muted/30 text-xs">
      {variants.isPending
        ? note(
            <Spinner label={`Loading the variants of ${route}`} className="size-4 text-primary" />,
          )
        : variants.isError
          ? note(<span className="text-danger">{errorMessage(variants.error)}</span>)
          : items.map((item) => {
              const when = formatWhen(item.lastViewedAt);
              return (
                <tr key={item.path} className="border-t border-border/60">
                  <td className={`${CELLS.route} py-2 pl-9 sm:pl-10`}>
                    <PathText path={item.path} />
                  </td>
                  <td className={`${CELLS.views} py-2`}>{item.views.toLocaleString()}</td>
                  <td className={`${CELLS.variants} py-2`} />
                  <td className={`${CELLS.title} py-2`} title={item.lastTitle}>
                    {item.lastTitle || '—'}
                  </td>
                  <td className={`${CELLS.when} py-2`}>
                    <time dateTime={item.lastViewedAt} title={when.title}>
                      {when.label}
                    </time>
                  </td>
                </tr>
              );
            })}
      {variants.hasNextPage &&
        note(
          <Button
            variant="ghost"
            size="sm"
            isPending={variants.isFetchingNextPage}
            onClick={() => void variants.fetchNextPage()}
          >
            More variants
          </Button>,
        )}
    </tbody>
  );
}

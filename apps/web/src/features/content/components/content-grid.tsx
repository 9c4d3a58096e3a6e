import { Play } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { ContentItemMenu, type TItemAction } from '@/features/content/components/content-item-menu';
import { ContentThumbnail } from '@/features/content/components/content-thumbnail';
import { formatBytes } from '@screenline/shared/format';
import { kindLabel, shapeLabel } from '@/features/content/utils/content-labels';
import { formatDuration, formatUploadDate } from '@/features/content/utils/format';

/** Library items as cards: thumbnail, name, kind, size, dimensions, duration, upload date. */
export function ContentGrid({
  items,
  onAction,
}: {
  items: readonly TContentItem[];
  onAction: (action: TItemAction, item: TContentItem) => void;
}) {
  return (
    <ul
      aria-label="Content library"
      className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {items.map((item) => (
        <li key={item.id} aria-label={item.name}>
          <article className="group overflow-hidden rounded-xl border border-border bg-surface shadow-xs transition-shadow hover:shadow-md">
            <button
              type="button"
              onClick={() => onAction('preview', item)}
              aria-label={`Preview ${item.name}`}
              data-item-preview={item.id}
              className="relative block aspect-video w-full cursor-pointer overflow-hidden bg-surface-muted focus-visible:outline-offset-[-2px]"
            >
              <ContentThumbnail
                item={item}
                className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
              />
              {item.kind === 'video' && (
                <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
                  <Play aria-hidden className="size-3 fill-current" />
                  {item.durationMs == null ? 'Video' : formatDuration(item.durationMs)}
                </span>
              )}
            </button>
            <div className="flex items-start gap-2 p-3">
              <div className="grid min-w-0 flex-1 gap-1">
                <h3 className="truncate text-sm font-medium" title={item.name}>
                  {item.name}
                </h3>
                {/* Wraps between facts instead of cutting the size off on narrow cards. */}
                <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground tabular-nums">
                  <span className="whitespace-nowrap">{kindLabel(item)} ·</span>{' '}
                  <span className="whitespace-nowrap">{shapeLabel(item)} ·</span>{' '}
                  <span className="whitespace-nowrap">{formatBytes(item.sizeBytes)}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  Uploaded <time dateTime={item.createdAt}>{formatUploadDate(item.createdAt)}</time>
                </p>
              </div>
              <ContentItemMenu item={item} onAction={onAction} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

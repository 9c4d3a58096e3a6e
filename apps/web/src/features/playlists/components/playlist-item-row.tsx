import type { ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CircleAlert, GripVertical, Trash2 } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import type { TPlaylistItemInput } from '@screenline/shared/playlist';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ItemThumbnail } from '@/features/playlists/components/content-thumbnail';

function describe(item: TPlaylistItemInput, content: TContentItem | null): string {
  if (item.type === 'adSlot') return 'For paid campaigns';
  if (!content) return 'No longer in your library';
  return `${item.kind === 'video' ? 'Video' : 'Image'} · ${content.width} × ${content.height}`;
}

/**
 * One playlist item: a drag handle (pointer drag, or Space and arrows from the keyboard), its
 * picture and name, its length control and a remove button. `control` is the duration input of
 * an image or ad slot; a video has none.
 */
export function PlaylistItemRow({
  item,
  index,
  name,
  content,
  control,
  errors,
  errorId,
  onRemove,
}: {
  item: TPlaylistItemInput;
  index: number;
  name: string;
  content: TContentItem | null;
  control: ReactNode;
  errors: readonly string[];
  /** The id of the error list, for the control's aria-describedby. */
  errorId: string;
  onRemove: () => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={`${index + 1}. ${name}`}
      data-item-id={item.id}
      className={cn(
        'relative flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-surface p-2',
        errors.length > 0 ? 'border-danger' : 'border-border',
        isDragging && 'z-10 shadow-lg ring-2 ring-primary/40',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${name}, position ${index + 1}`}
        // Touch drags the item, not the page (dnd-kit's pointer sensor needs touch-action: none).
        style={{ touchAction: 'none' }}
        className="flex h-10 w-7 cursor-move items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span className="w-5 text-right text-xs text-muted-foreground tabular-nums">{index + 1}</span>
      <span className="hidden aspect-video w-20 overflow-hidden rounded-md border border-border sm:block">
        <ItemThumbnail content={content} isAdSlot={item.type === 'adSlot'} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="truncate text-xs text-muted-foreground">{describe(item, content)}</p>
      </div>
      {/* A phone gives the length control a line of its own, under the name. */}
      {control && (
        <div className="order-last w-full pl-12 sm:order-none sm:w-auto sm:pl-0">{control}</div>
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
        className="text-muted-foreground hover:text-danger"
      >
        <Trash2 aria-hidden />
      </Button>
      {errors.length > 0 && (
        <ul id={errorId} className="order-last grid w-full gap-0.5 pl-12">
          {errors.map((message) => (
            <li key={message} className="flex items-center gap-1.5 text-xs font-medium text-danger">
              <CircleAlert aria-hidden className="size-3.5 shrink-0" />
              {message}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

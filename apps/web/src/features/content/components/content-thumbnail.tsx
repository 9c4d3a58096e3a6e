import type { TContentItem } from '@screenline/shared/content';
import { MediaThumbnail, kindIcon, pictureOf } from '@/components/media-thumbnail';
import { cn } from '@/lib/utils';

/**
 * The image itself, or a video's poster frame, whole (letterboxed: a portrait creative must look
 * portrait); an icon when there is neither, or it fails to load.
 */
export function ContentThumbnail({
  item,
  className,
  iconClassName,
}: {
  item: TContentItem;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <MediaThumbnail
      src={pictureOf(item)}
      icon={kindIcon(item.kind)}
      iconClassName={cn('size-8', iconClassName)}
      {...(className && { className })}
    />
  );
}

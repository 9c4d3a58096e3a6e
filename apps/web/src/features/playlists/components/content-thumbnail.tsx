import { Megaphone } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { MediaThumbnail, kindIcon, pictureOf } from '@/components/media-thumbnail';

/**
 * A library item's picture (the image, or a video's poster), letterboxed; an icon when there is
 * none or it fails to load, and for an ad slot.
 */
export function ItemThumbnail({
  content,
  isAdSlot = false,
  className,
}: {
  content: TContentItem | null;
  isAdSlot?: boolean;
  className?: string;
}) {
  return (
    <MediaThumbnail
      src={content ? pictureOf(content) : null}
      icon={isAdSlot ? Megaphone : kindIcon(content?.kind ?? 'image')}
      {...(isAdSlot && { fallbackClassName: 'bg-warning-soft text-warning-soft-foreground' })}
      {...(className && { className })}
    />
  );
}

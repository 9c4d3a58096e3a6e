import { useState } from 'react';
import { FileImage, FileVideo, Megaphone } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { cn } from '@/lib/utils';

/**
 * A library item's picture (the image, or a video's poster), letterboxed; an icon when there is
 * none or it fails to load, and for an ad slot. (The content feature has its own: features do not
 * import each other.)
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
  const src = content ? (content.kind === 'image' ? content.mediaUrl : content.posterUrl) : null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const Icon = isAdSlot ? Megaphone : content?.kind === 'video' ? FileVideo : FileImage;
  if (!src || failedSrc === src) {
    return (
      <span
        className={cn(
          'flex size-full items-center justify-center text-muted-foreground',
          isAdSlot ? 'bg-warning-soft text-warning-soft-foreground' : 'bg-surface-muted',
          className,
        )}
      >
        <Icon aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailedSrc(src)}
      className={cn('size-full bg-surface-muted object-contain', className)}
    />
  );
}

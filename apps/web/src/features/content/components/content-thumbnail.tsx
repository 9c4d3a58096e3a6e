import { useState } from 'react';
import { FileImage, FileVideo } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
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
  const src = item.kind === 'image' ? item.mediaUrl : item.posterUrl;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const Icon = item.kind === 'video' ? FileVideo : FileImage;
  if (!src || failedSrc === src) {
    return (
      <span
        className={cn(
          'flex size-full items-center justify-center bg-surface-muted text-muted-foreground',
          className,
        )}
      >
        <Icon aria-hidden className={cn('size-8', iconClassName)} />
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

import { useState } from 'react';
import { FileImage, FileVideo, type LucideIcon } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { cn } from '@/lib/utils';

/** What a library item shows as its picture: the image itself, or a video's poster frame. */
export const pictureOf = (item: Pick<TContentItem, 'kind' | 'mediaUrl' | 'posterUrl'>) =>
  item.kind === 'image' ? item.mediaUrl : item.posterUrl;

/** The icon that stands in for a picture of this kind. */
export const kindIcon = (kind: TContentItem['kind']): LucideIcon =>
  kind === 'video' ? FileVideo : FileImage;

/**
 * A picture, whole (letterboxed: a portrait creative must look portrait); `icon` on a plain
 * background when there is none or it fails to load. The one thumbnail of the library pickers,
 * the content library, playlist rows and the campaign wizard.
 */
export function MediaThumbnail({
  src,
  icon: Icon,
  className,
  iconClassName,
  fallbackClassName = 'bg-surface-muted',
}: {
  src: string | null;
  icon: LucideIcon;
  className?: string;
  iconClassName?: string;
  /** The background behind the icon (an ad slot's is the warning tone). */
  fallbackClassName?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        className={cn(
          'flex size-full items-center justify-center text-muted-foreground',
          fallbackClassName,
          className,
        )}
      >
        <Icon aria-hidden className={cn('size-5', iconClassName)} />
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

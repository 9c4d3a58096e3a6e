import { useState } from 'react';
import { FileImage, FileVideo } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A creative's picture (the image, or a video's poster), letterboxed; an icon when there is none
 * or it fails to load.
 */
export function CreativeThumbnail({
  kind,
  src,
  className,
}: {
  kind: 'image' | 'video';
  src: string | null;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const Icon = kind === 'video' ? FileVideo : FileImage;
  if (!src || failedSrc === src) {
    return (
      <span
        className={cn(
          'flex size-full items-center justify-center bg-surface-muted text-muted-foreground',
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

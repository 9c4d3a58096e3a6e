import { MediaThumbnail, kindIcon } from '@/components/media-thumbnail';

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
  return <MediaThumbnail src={src} icon={kindIcon(kind)} {...(className && { className })} />;
}

import type { TContentItem } from '@screenline/shared/content';
import { formatDimensions, formatDuration } from '@/features/content/utils/format';

/** "Image" / "Video", as the library labels kinds. */
export function kindLabel(item: Pick<TContentItem, 'kind'>): string {
  return item.kind === 'video' ? 'Video' : 'Image';
}

/** The short format name from the media type: "PNG", "MP4", "WebM". */
export function formatLabel(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? '';
  const names: Record<string, string> = {
    jpeg: 'JPEG',
    png: 'PNG',
    webp: 'WebP',
    gif: 'GIF',
    mp4: 'MP4',
    webm: 'WebM',
  };
  return names[subtype] ?? subtype.toUpperCase();
}

/** "1920 × 1080 · 0:12" for a video, "1920 × 1080" for an image. */
export function shapeLabel(item: Pick<TContentItem, 'width' | 'height' | 'durationMs'>): string {
  const size = formatDimensions(item.width, item.height);
  return item.durationMs == null ? size : `${size} · ${formatDuration(item.durationMs)}`;
}

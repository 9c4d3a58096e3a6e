import { MediaReadError } from '@/features/content/utils/upload-rules';

/** What the library records about a file, read in the browser before it is uploaded. */
export type TMediaInfo =
  | { kind: 'image'; width: number; height: number }
  | { kind: 'video'; width: number; height: number; durationMs: number; poster: Blob };

/** Poster frames are for thumbnails and previews: 1280 px wide is plenty. */
const POSTER_MAX_WIDTH = 1280;
const POSTER_QUALITY = 0.85;
const STEP_TIMEOUT_MS = 20_000;

export async function readImageInfo(file: Blob, label: string): Promise<TMediaInfo> {
  try {
    const bitmap = await createImageBitmap(file);
    const info = { kind: 'image', width: bitmap.width, height: bitmap.height } as const;
    bitmap.close();
    if (info.width > 0 && info.height > 0) return info;
  } catch {
    // Some browsers cannot make bitmaps of every format (animated GIF, say): try an <img>.
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    if (image.naturalWidth > 0 && image.naturalHeight > 0) {
      return { kind: 'image', width: image.naturalWidth, height: image.naturalHeight };
    }
  } catch {
    // Reported below.
  } finally {
    URL.revokeObjectURL(url);
  }
  throw new MediaReadError(`“${label}” could not be read as an image. Is the file damaged?`);
}

/** Resolves on the first of `events` that satisfies `isDone`; rejects on error or time-out. */
function waitForMedia(
  video: HTMLVideoElement,
  events: readonly string[],
  isDone: () => boolean = () => true,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => finish(new Error('timed out')), STEP_TIMEOUT_MS);
    const onEvent = () => {
      if (isDone()) finish();
    };
    const onError = () => finish(new Error('media error'));
    function finish(error?: Error) {
      window.clearTimeout(timer);
      for (const event of events) video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    }
    for (const event of events) video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

/**
 * A video's size, duration and a poster frame (at 1 s, or 10 % in for clips under 10 s), read by
 * playing it in a detached <video>.
 */
export async function readVideoInfo(file: Blob, label: string): Promise<TMediaInfo> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = waitForMedia(video, ['loadedmetadata']);
    video.src = url;
    await loaded;

    let duration = video.duration;
    if (!Number.isFinite(duration)) {
      // WebM from MediaRecorder carries no duration in its header; seeking far past the end
      // makes the browser find it (a well-known Chromium behaviour).
      const found = waitForMedia(video, ['durationchange', 'timeupdate', 'seeked'], () =>
        Number.isFinite(video.duration),
      );
      video.currentTime = Number.MAX_SAFE_INTEGER;
      await found;
      duration = video.duration;
    }
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (width === 0 || height === 0) {
      throw new MediaReadError(`“${label}” has no picture; screens need a video track.`);
    }

    const seeked = waitForMedia(video, ['seeked']);
    video.currentTime = Math.min(1, duration / 10);
    await seeked;
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
      await waitForMedia(video, ['loadeddata', 'canplay'], () => video.readyState >= 2);
    }

    const scale = Math.min(1, POSTER_MAX_WIDTH / width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const poster = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', POSTER_QUALITY),
    );
    if (!poster) throw new Error('no poster');
    return { kind: 'video', width, height, durationMs: Math.round(duration * 1000), poster };
  } catch (error) {
    if (error instanceof MediaReadError) throw error;
    throw new MediaReadError(
      `“${label}” could not be played in this browser, so screens may not play it either. Export it as an H.264 MP4 or a WebM video.`,
    );
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

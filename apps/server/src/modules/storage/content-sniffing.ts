import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { imageSize } from 'image-size';
import { AppError } from '../../lib/app-error';

/**
 * How many leading bytes the check reads. file-type's own sample is 4,100 bytes, but a PNG may
 * carry kilobytes of colour profile and text chunks before its image data, and a sample that
 * ends inside a chunk header is not recognised: 64 KiB leaves room for those.
 */
export const SNIFF_BYTES = 64 * 1024;

/** Names file-type gives to bytes that are, for a screen, the declared type itself. */
const SAME_TYPE: Record<string, readonly string[]> = {
  'image/png': ['image/apng'],
  'video/mp4': ['video/x-m4v'],
};

/**
 * Refuses (415) bytes that are not what their declared type says, so a file declared as an
 * image or a video is one: an HTML page or a script cannot hide behind `image/png`. A type
 * file-type recognises must be detected in the first bytes; a type it cannot recognise (an
 * operator may allow one) passes only when the bytes are not some other known format.
 */
export async function requireBytesOfType(declared: string, head: Uint8Array): Promise<void> {
  const detected = (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.mime;
  if (detected !== undefined && (detected === declared || SAME_TYPE[declared]?.includes(detected)))
    return requireSanePixelCount(declared, head);
  if (detected === undefined && !supportedMimeTypes.has(declared)) return;
  throw new AppError(
    'unsupported-media-type',
    detected === undefined
      ? `The file does not look like ${declared}: its first bytes are not in that format.`
      : `The file is ${detected}, not ${declared} as declared; upload it with its real type.`,
    { declared, detected: detected ?? null },
  );
}

/**
 * The most pixels an image may declare: 8K by 8K is beyond any screen. A TV decodes every image
 * it shows into memory (4 bytes a pixel), so a small file whose header claims 60000×60000 (a
 * "pixel flood", ASVS 5.0 V5.2.x) would take it down; the server itself never decodes images.
 */
export const MAX_IMAGE_PIXELS = 8192 * 8192;

function requireSanePixelCount(declared: string, head: Uint8Array): void {
  if (!declared.startsWith('image/')) return;
  let size: { width: number; height: number };
  try {
    size = imageSize(head.subarray(0, SNIFF_BYTES));
  } catch {
    // The header's dimensions are not within the first bytes: nothing to judge by.
    return;
  }
  if (size.width * size.height <= MAX_IMAGE_PIXELS) return;
  throw new AppError(
    'payload-too-large',
    `The image is ${size.width}×${size.height} pixels; at most ${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels (8192×8192) can be shown.`,
    { width: size.width, height: size.height },
  );
}

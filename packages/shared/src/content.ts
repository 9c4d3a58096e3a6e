import { z } from 'zod';
import { type TReference, ZReference } from './errors';
import { text } from './text';

/** The content library (`/api/v1/content`): images and videos, each pointing to a storage object. */

export const CONTENT_KINDS = ['image', 'video'] as const;
export const ZContentKind = z.enum(CONTENT_KINDS);
export type TContentKind = z.infer<typeof ZContentKind>;

export const CONTENT_PROCESSING_STATES = ['processing', 'ready', 'failed'] as const;
export const ZContentProcessingState = z.enum(CONTENT_PROCESSING_STATES);
export type TContentProcessingState = z.infer<typeof ZContentProcessingState>;

export const CONTENT_SORTS = ['createdAt', 'name', 'size'] as const;
export const ZContentSort = z.enum(CONTENT_SORTS);
export type TContentSort = z.infer<typeof ZContentSort>;

export const ZSortOrder = z.enum(['asc', 'desc']);
export type TSortOrder = z.infer<typeof ZSortOrder>;

/** The kind a media type belongs to, or null when the library does not take it. */
export function contentKindOf(contentType: string): TContentKind | null {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  return null;
}

export const ZContentName = text()
  .trim()
  .min(1, 'Enter a name.')
  .max(200, 'Keep it under 200 characters.');

/** Pixel sizes up to 16K: larger is not a screen we can drive. */
const ZPixels = z.number().int().min(1).max(16_384);
const ZObjectPath = text().min(1).max(1024);

export const ZContentItem = z.object({
  id: text(),
  name: text(),
  kind: ZContentKind,
  /** The storage object's name, e.g. `users/{uid}/content/….mp4`. */
  objectPath: text(),
  contentType: text(),
  sizeBytes: z.number().int().nonnegative(),
  /** Base64 MD5 of the bytes, as the storage service computed it. */
  md5: text(),
  width: z.number().int(),
  height: z.number().int(),
  /** Videos only. */
  durationMs: z.number().int().nullable(),
  /** A poster frame (videos) or thumbnail, when the client made one. */
  posterPath: text().nullable(),
  processingState: ZContentProcessingState,
  /** Same-origin download link of the media (storage service, with its download token). */
  mediaUrl: text().nullable(),
  posterUrl: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type TContentItem = z.infer<typeof ZContentItem>;

/**
 * POST /api/v1/content, after the client finished uploading the object (and its poster). Size,
 * MD5 and content type come from the storage service, never from here.
 */
export const ZCreateContentItem = z
  .strictObject({
    name: ZContentName,
    objectPath: ZObjectPath,
    kind: ZContentKind,
    width: ZPixels,
    height: ZPixels,
    /** Required for videos; absent or null for images. At most 24 hours. */
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000)
      .nullish(),
    posterPath: ZObjectPath.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'video' && value.durationMs == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationMs'],
        message: 'A video needs its duration.',
      });
    }
    if (value.kind === 'image' && value.durationMs != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationMs'],
        message: 'An image has no duration.',
      });
    }
  });
export type TCreateContentItem = z.infer<typeof ZCreateContentItem>;

/** PATCH /api/v1/content/{id} */
export const ZRenameContentItem = z.strictObject({ name: ZContentName });
export type TRenameContentItem = z.infer<typeof ZRenameContentItem>;

export const ZContentItemParams = z.object({ id: z.uuid('Not a content item id.') });

/** GET /api/v1/content?cursor=&limit=&kind=&q=&sort=&order= */
export const ZContentListQuery = z.object({
  cursor: text().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  kind: ZContentKind.optional(),
  /** Part of the name, case-insensitive. */
  q: text().trim().max(200).optional(),
  sort: ZContentSort.default('createdAt'),
  order: ZSortOrder.default('desc'),
});
export type TContentListQuery = z.input<typeof ZContentListQuery>;

export const ZContentList = z.object({
  items: z.array(ZContentItem),
  nextCursor: text().nullable(),
});
export type TContentList = z.infer<typeof ZContentList>;

/** What uses a content item; a delete is refused (409) while this list is not empty. */
export const ZContentReference = ZReference;
export type TContentReference = TReference;

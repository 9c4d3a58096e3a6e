import { z } from 'zod';
import { text } from './text';

/**
 * Payloads of the storage service (`/v0/b/{bucket}/o…`, SPEC §7), wire-compatible with the
 * Firebase Storage v0 JSON API: int64 values travel as strings, custom metadata under `metadata`.
 */

export const GIB = 1024 * 1024 * 1024;

/** Defaults of the server's STORAGE_… settings; the web app uses them for early, friendly checks. */
export const DEFAULT_STORAGE_ALLOWED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/webm',
] as const;
export const DEFAULT_STORAGE_MAX_OBJECT_BYTES = 2 * GIB;
export const DEFAULT_STORAGE_QUOTA_BYTES = 10 * GIB;

/** Object names: at most this many bytes of UTF-8 (Firebase's limit). */
export const MAX_OBJECT_NAME_BYTES = 1024;

/** Where a user's files live; the storage service lets a user write only under their own prefix. */
export function userStoragePrefix(uid: string): string {
  return `users/${uid}/`;
}

/** Where the content library keeps a user's uploads. */
export function contentStoragePrefix(uid: string): string {
  return `${userStoragePrefix(uid)}content/`;
}

// Values that are echoed into response headers: visible ASCII and spaces only, so a stored value
// can never split or inject a header.
const ZHeaderValue = text()
  .max(1024)
  .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII');

/**
 * The one Cache-Control stored files are served with: private (no shared cache keeps a copy),
 * revalidated on every use (a replaced or deleted file, or a revoked link, takes effect at once).
 * Owners may repeat it, nothing else.
 */
export const STORAGE_CACHE_CONTROL = 'private, max-age=0';

export const ZStorageCacheControl = ZHeaderValue.refine(
  (value) =>
    value
      .trim()
      .toLowerCase()
      .split(/\s*,\s*/)
      .join(', ') === STORAGE_CACHE_CONTROL,
  `must be "${STORAGE_CACHE_CONTROL}", the server's own cache policy, or left out`,
);

// `attachment`, optionally with a plain (quoted or token) filename and an RFC 8187 UTF-8 one.
const ATTACHMENT =
  /^attachment(\s*;\s*filename=("[^"\\]*"|[!#$%&'*+.^_`|~0-9a-z-]+))?(\s*;\s*filename\*=utf-8''[!#$&+.^_`|~0-9a-z%-]+)?\s*$/i;

/**
 * Content-Disposition an owner may set: only `attachment` with a filename. Anything else
 * (`inline`, other parameters) could change how a download renders; without one, allowlisted
 * images and videos are served inline, as the server decides.
 */
export const ZContentDisposition = ZHeaderValue.regex(
  ATTACHMENT,
  'must be "attachment", optionally with a filename (attachment; filename="name.png"), or left out',
);

/** A media type; parameters (`; charset=…`) are dropped, the type is kept in lower case. */
export const ZContentType = ZHeaderValue.max(255)
  .transform((value) => (value.split(';')[0] ?? '').trim().toLowerCase())
  .pipe(
    text().regex(
      /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/,
      'must be a media type such as image/png',
    ),
  );

export const ZCustomMetadata = z
  .record(text().min(1).max(128), text().max(1024))
  .refine((value) => Object.keys(value).length <= 64, 'at most 64 custom metadata entries');

/**
 * The JSON a client sends to start an upload (resumable start body, or the first part of a
 * multipart upload). Unknown fields are ignored, as Firebase does: clients send more than this.
 */
export const ZUploadResource = z.looseObject({
  name: text().nullish(),
  fullPath: text().nullish(),
  size: z.union([z.number(), text()]).nullish(),
  contentType: ZContentType.nullish(),
  cacheControl: ZStorageCacheControl.nullish(),
  contentDisposition: ZContentDisposition.nullish(),
  contentEncoding: ZHeaderValue.nullish(),
  contentLanguage: ZHeaderValue.nullish(),
  metadata: ZCustomMetadata.nullish(),
});
export type TUploadResource = z.infer<typeof ZUploadResource>;

/**
 * PATCH of an object's metadata: a field set to null is cleared; in `metadata`, a key set to
 * null is removed and the others are merged.
 */
export const ZUpdateObjectMetadata = z.strictObject({
  contentType: ZContentType.optional(),
  cacheControl: ZStorageCacheControl.nullish(),
  contentDisposition: ZContentDisposition.nullish(),
  contentEncoding: ZHeaderValue.nullish(),
  contentLanguage: ZHeaderValue.nullish(),
  metadata: z
    .record(text().min(1).max(128), text().max(1024).nullable())
    .refine((value) => Object.keys(value).length <= 64, 'at most 64 custom metadata entries')
    .nullish(),
});
export type TUpdateObjectMetadata = z.infer<typeof ZUpdateObjectMetadata>;

/** An object's metadata: SPEC §3's stored-file fields plus downloadTokens (comma-separated). */
export const ZStorageObject = z.object({
  bucket: text(),
  generation: text(),
  metageneration: text(),
  fullPath: text(),
  /** The full object name, as in Firebase's JSON (clients take its last segment). */
  name: text(),
  size: text(),
  timeCreated: text(),
  updated: text(),
  /** Base64 of the MD5 digest, computed by the server. */
  md5Hash: text(),
  cacheControl: text().optional(),
  contentDisposition: text().optional(),
  contentEncoding: text().optional(),
  contentLanguage: text().optional(),
  contentType: text(),
  metadata: z.record(text(), text()).optional(),
  downloadTokens: text(),
});
export type TStorageObject = z.infer<typeof ZStorageObject>;

/**
 * What uses a stored object: a library item, as its media or its poster. While anything does,
 * the object cannot be deleted through the storage service (409 `in-use`, listed in
 * `details.usedBy`).
 */
export const ZStorageObjectUser = z.object({
  kind: z.enum(['content-item']),
  id: z.string(),
  name: z.string(),
  usage: z.enum(['media', 'poster']),
});
export type TStorageObjectUser = z.infer<typeof ZStorageObjectUser>;

/** GET /api/v1/storage/usage: what the signed-in user stores, against their quota. */
export const ZStorageUsage = z.object({
  /** Finished objects plus the declared size of open upload sessions, as the quota counts. */
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type TStorageUsage = z.infer<typeof ZStorageUsage>;

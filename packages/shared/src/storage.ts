import { z } from 'zod';

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
const ZHeaderValue = z
  .string()
  .max(1024)
  .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII');

/** A media type; parameters (`; charset=…`) are dropped, the type is kept in lower case. */
export const ZContentType = ZHeaderValue.max(255)
  .transform((value) => (value.split(';')[0] ?? '').trim().toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/, 'must be a media type such as image/png'),
  );

export const ZCustomMetadata = z
  .record(z.string().min(1).max(128), z.string().max(1024))
  .refine((value) => Object.keys(value).length <= 64, 'at most 64 custom metadata entries');

/**
 * The JSON a client sends to start an upload (resumable start body, or the first part of a
 * multipart upload). Unknown fields are ignored, as Firebase does: clients send more than this.
 */
export const ZUploadResource = z.looseObject({
  name: z.string().nullish(),
  fullPath: z.string().nullish(),
  size: z.union([z.number(), z.string()]).nullish(),
  contentType: ZContentType.nullish(),
  cacheControl: ZHeaderValue.nullish(),
  contentDisposition: ZHeaderValue.nullish(),
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
  cacheControl: ZHeaderValue.nullish(),
  contentDisposition: ZHeaderValue.nullish(),
  contentEncoding: ZHeaderValue.nullish(),
  contentLanguage: ZHeaderValue.nullish(),
  metadata: z
    .record(z.string().min(1).max(128), z.string().max(1024).nullable())
    .refine((value) => Object.keys(value).length <= 64, 'at most 64 custom metadata entries')
    .nullish(),
});
export type TUpdateObjectMetadata = z.infer<typeof ZUpdateObjectMetadata>;

/** An object's metadata: SPEC §3's stored-file fields plus downloadTokens (comma-separated). */
export const ZStorageObject = z.object({
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  fullPath: z.string(),
  /** The full object name, as in Firebase's JSON (clients take its last segment). */
  name: z.string(),
  size: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
  /** Base64 of the MD5 digest, computed by the server. */
  md5Hash: z.string(),
  cacheControl: z.string().optional(),
  contentDisposition: z.string().optional(),
  contentEncoding: z.string().optional(),
  contentLanguage: z.string().optional(),
  contentType: z.string(),
  metadata: z.record(z.string(), z.string()).optional(),
  downloadTokens: z.string(),
});
export type TStorageObject = z.infer<typeof ZStorageObject>;

/** GET /api/v1/storage/usage: what the signed-in user stores, against their quota. */
export const ZStorageUsage = z.object({
  /** Finished objects plus the declared size of open upload sessions, as the quota counts. */
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type TStorageUsage = z.infer<typeof ZStorageUsage>;

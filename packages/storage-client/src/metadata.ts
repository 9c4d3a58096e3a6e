import { ZCustomMetadata, ZStorageObject } from '@screenline/shared/storage';
import { z } from 'zod';
import { storageErrors } from './errors';
import { StorageReference } from './reference';
import type { Storage } from './storage';

const ZOptionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

/**
 * An object's metadata as the storage service sends it (`GET /v0/b/{bucket}/o/{name}`): the
 * server's contract (ZStorageObject), read leniently where Firebase-compatible servers differ:
 * int64 values as numbers or numeric strings, optional fields absent or null, no download token.
 */
export const ZObjectResource = ZStorageObject.extend({
  bucket: z.string().min(1),
  name: z.string().min(1),
  fullPath: ZOptionalText,
  generation: z.union([z.string(), z.number()]).transform(String),
  metageneration: z.union([z.string(), z.number()]).transform(String),
  size: z.union([
    z.number().int().nonnegative(),
    z.string().regex(/^\d+$/, 'size must be a whole number').transform(Number),
  ]),
  md5Hash: ZOptionalText,
  cacheControl: ZOptionalText,
  contentDisposition: ZOptionalText,
  contentEncoding: ZOptionalText,
  contentLanguage: ZOptionalText,
  contentType: ZOptionalText,
  metadata: z
    .record(z.string(), z.string())
    .nullish()
    .transform((value) => value ?? undefined),
  /** Comma-separated; the first one makes the download URL. */
  downloadTokens: ZOptionalText,
});
export type TObjectResource = z.infer<typeof ZObjectResource>;

/** What a caller may set when uploading. */
export const ZUploadMetadata = z
  .object({
    contentType: z.string().min(1).optional(),
    cacheControl: z.string().optional(),
    contentDisposition: z.string().optional(),
    contentEncoding: z.string().optional(),
    contentLanguage: z.string().optional(),
    customMetadata: ZCustomMetadata.optional(),
  })
  .strict();
export type TUploadMetadata = z.infer<typeof ZUploadMetadata>;
export type UploadMetadata = TUploadMetadata;

/** An object's metadata, typed: size as a number, custom metadata under `customMetadata`. */
export interface FullMetadata {
  bucket: string;
  fullPath: string;
  name: string;
  size: number;
  generation: string;
  metageneration: string;
  timeCreated: string;
  updated: string;
  md5Hash?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentType?: string;
  customMetadata?: Record<string, string>;
  downloadTokens: string[];
  ref: StorageReference;
}

/** Parses a metadata response body; a body that does not fit is an internal error. */
export function parseObjectResource(storage: Storage, body: string, status = 200): FullMetadata {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw storageErrors.internalError('the server sent metadata that is not JSON.', {
      status,
      serverResponse: body,
      cause: error,
    });
  }
  const parsed = ZObjectResource.safeParse(json);
  if (!parsed.success) {
    throw storageErrors.internalError(
      `the server sent metadata that does not fit the protocol: ${z.prettifyError(parsed.error)}`,
      { status, serverResponse: body, cause: parsed.error },
    );
  }
  return toFullMetadata(storage, parsed.data);
}

export function toFullMetadata(storage: Storage, resource: TObjectResource): FullMetadata {
  const fullPath = resource.fullPath ?? resource.name;
  return {
    bucket: resource.bucket,
    fullPath,
    name: lastSegment(resource.name),
    size: resource.size,
    generation: resource.generation,
    metageneration: resource.metageneration,
    timeCreated: resource.timeCreated,
    updated: resource.updated,
    md5Hash: resource.md5Hash,
    cacheControl: resource.cacheControl,
    contentDisposition: resource.contentDisposition,
    contentEncoding: resource.contentEncoding,
    contentLanguage: resource.contentLanguage,
    contentType: resource.contentType,
    customMetadata: resource.metadata,
    downloadTokens: splitTokens(resource.downloadTokens),
    ref: new StorageReference(storage, { bucket: resource.bucket, path: fullPath }),
  };
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function splitTokens(tokens: string | undefined): string[] {
  return (tokens ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
}

/** Validates caller-supplied metadata (JavaScript callers can pass anything). */
export function checkUploadMetadata(metadata: unknown): UploadMetadata {
  const parsed = ZUploadMetadata.safeParse(metadata ?? {});
  if (!parsed.success) {
    throw storageErrors.invalidArgument(
      `Invalid upload metadata: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** The object resource JSON sent with multipart and resumable uploads. */
export interface UploadResource {
  name: string;
  fullPath: string;
  size: number;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string>;
}

export function toUploadResource(
  path: string,
  size: number,
  metadata: UploadMetadata & { contentType: string },
): UploadResource {
  return {
    name: path,
    fullPath: path,
    size,
    contentType: metadata.contentType,
    cacheControl: metadata.cacheControl,
    contentDisposition: metadata.contentDisposition,
    contentEncoding: metadata.contentEncoding,
    contentLanguage: metadata.contentLanguage,
    metadata: metadata.customMetadata,
  };
}

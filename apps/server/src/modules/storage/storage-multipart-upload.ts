import { formatBytes } from '@screenline/shared/format';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type TStorageObject, ZUploadResource } from '@screenline/shared/storage';
import { AppError } from '../../lib/app-error';
import { requireBytesOfType } from './content-sniffing';
import { parseMultipartRelated } from './multipart-related';
import {
  MAX_MULTIPART_BYTES,
  newKey,
  objectFields,
  parseContentTypeHeader,
  parseJson,
  readBody,
  toResource,
} from './storage-protocol';
import type { TStorageUploadsDeps } from './storage-uploads';

/**
 * The multipart upload (SPEC §7 call 4): the whole file in one request, checked and stored as
 * the object at once; no session, so nothing of it outlives the request.
 */
export function createMultipartUpload({
  driver,
  access,
  objects,
}: Pick<TStorageUploadsDeps, 'driver' | 'access' | 'objects'>) {
  /** 4. A multipart/related POST: JSON metadata part, then the data part. */
  return async function uploadMultipart(input: {
    authorization: string | undefined;
    bucket: string;
    name: string | undefined;
    contentType: string | undefined;
    contentLength: number | undefined;
    body: Readable;
  }): Promise<TStorageObject> {
    const uid = await access.requireUploader(input.authorization, input.bucket, input.name);
    const tooLarge = () =>
      new AppError(
        'payload-too-large',
        `A multipart upload carries at most ${formatBytes(MAX_MULTIPART_BYTES)}; send larger files with a resumable upload.`,
      );
    if (input.contentLength !== undefined && input.contentLength > MAX_MULTIPART_BYTES) {
      throw tooLarge();
    }
    const raw = await readBody(input.body, MAX_MULTIPART_BYTES, tooLarge);
    const parts = parseMultipartRelated(raw, input.contentType);
    const [metadataPart, dataPart] = parts;
    if (parts.length !== 2 || !metadataPart || !dataPart) {
      throw new AppError(
        'bad-request',
        'A multipart upload has exactly two parts: the JSON metadata, then the data.',
      );
    }
    const resource = parseJson(metadataPart.content, ZUploadResource);
    const name = input.name ?? resource.name ?? '';
    access.requireOwnName(uid, name);
    const contentType =
      resource.contentType ??
      parseContentTypeHeader(dataPart.headers['content-type']) ??
      'application/octet-stream';
    access.requireAllowedType(contentType);
    const data = dataPart.content;
    access.requireAllowedSize(data.length);
    await access.requireQuota(uid, input.bucket, name, data.length);
    await requireBytesOfType(contentType, data);

    const blobKey = newKey();
    await driver.put(blobKey, data, contentType);
    const row = await objects.commit(
      {
        bucket: input.bucket,
        name,
        ownerId: uid,
        blobKey,
        size: data.length,
        md5Hash: createHash('md5').update(data).digest('base64'),
        ...objectFields(contentType, resource),
      },
      undefined,
    );
    return toResource(row);
  };
}

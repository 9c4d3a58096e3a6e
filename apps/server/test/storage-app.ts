// What the storage service's tests (modules/storage/storage*.test.ts) share: the app on one
// backend with the storage limits they test (20 MiB quota, 16 MiB objects) and a first user,
// made before a file's tests and closed after, with shorthands for its object requests; the
// e2e media fixtures; and the blobs on disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TBackend, type TTestApp } from './harness';
import { objectUrl, signUpForStorage, type TStorageUser } from './storage-helpers';

export const MIB = 1024 * 1024;
export const KIB = 1024;

/** Registers the app's setup and teardown in the calling `describe`; read `t` and `alice` in tests. */
export function useStorageApp(backend: TBackend) {
  let t: TTestApp | undefined;
  let alice: TStorageUser | undefined;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      STORAGE_QUOTA_BYTES: String(20 * MIB),
      STORAGE_MAX_OBJECT_BYTES: String(16 * MIB),
    });
    alice = await signUpForStorage(t);
  });
  afterAll(() => t?.close());

  const app = {
    get t(): TTestApp {
      if (!t) throw new Error('the storage app is made in beforeAll');
      return t;
    },
    get alice(): TStorageUser {
      if (!alice) throw new Error('alice signs up in beforeAll');
      return alice;
    },
    own: (user: TStorageUser, file: string) => `users/${user.userId}/${file}`,
    mediaUrl: (name: string, token: string) =>
      `${objectUrl(name)}?alt=media&token=${encodeURIComponent(token)}`,
    patchMetadata: (user: TStorageUser, name: string, payload: Record<string, unknown>) =>
      app.t.request({
        method: 'PATCH',
        url: objectUrl(name),
        headers: { authorization: user.authorization },
        payload,
      }),
    getMetadata: (user: Pick<TStorageUser, 'authorization'> | null, name: string) =>
      app.t.request({
        method: 'GET',
        url: objectUrl(name),
        headers: user ? { authorization: user.authorization } : {},
      }),
  };
  return app;
}

/** A file of e2e/fixtures. */
export function fixture(file: string): string {
  return fileURLToPath(new URL(`../../../e2e/fixtures/${file}`, import.meta.url));
}

export async function listBlobs(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'storage', 'objects');
  const shards = await fs.readdir(root).catch(() => []);
  const nested = await Promise.all(shards.map((shard) => fs.readdir(path.join(root, shard))));
  return nested.flat();
}

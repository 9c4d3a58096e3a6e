import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { TByteRange } from '../http-range';
import { writeAtOffset } from './file-append';
import {
  assertSafeKey,
  BlobNotFoundError,
  SessionDataLostError,
  type TAppendResult,
  type TStorageDriver,
} from './storage-driver';

const READ_BUFFER_BYTES = 512 * 1024;

/**
 * Blobs in a local directory (DATA_DIR/storage by default):
 *   objects/<2 chars>/<key>   finished blobs, spread over 256 folders
 *   sessions/<id>.part        bytes of resumable uploads in progress
 *   tmp/                      blobs being written
 * A blob is written to tmp/, fsynced and renamed into objects/, so it appears whole or not at
 * all; a session's file is renamed the same way when it is finalized.
 */
export function createLocalDriver(root: string): TStorageDriver & { root: string } {
  const objectsDir = path.join(root, 'objects');
  const sessionsDir = path.join(root, 'sessions');
  const tmpDir = path.join(root, 'tmp');
  let isReady: Promise<void> | null = null;
  const ready = () =>
    (isReady ??= Promise.all(
      [objectsDir, sessionsDir, tmpDir].map((dir) => fs.mkdir(dir, { recursive: true })),
    ).then(() => undefined));

  function blobPath(key: string): string {
    assertSafeKey(key);
    return path.join(objectsDir, key.slice(0, 2), key);
  }

  function sessionPath(id: string): string {
    assertSafeKey(id);
    return path.join(sessionsDir, `${id}.part`);
  }

  /** Moves a complete, fsynced file into place as the blob `key`. */
  async function install(from: string, key: string): Promise<void> {
    const target = blobPath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(from, target);
    await syncDirectory(path.dirname(target));
  }

  async function statBlob(key: string): Promise<{ size: number } | null> {
    try {
      const stats = await fs.stat(blobPath(key));
      return { size: stats.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',
    root,

    async put(key, data) {
      await ready();
      const temp = path.join(tmpDir, `${key}.${randomBytes(6).toString('hex')}`);
      const handle = await fs.open(temp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await install(temp, key);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    async read(key, range?: TByteRange) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(blobPath(key), 'r');
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
      return handle.createReadStream({
        start: range?.start,
        end: range?.end,
        highWaterMark: READ_BUFFER_BYTES,
      });
    },

    stat: statBlob,

    async delete(key) {
      await fs.rm(blobPath(key), { force: true });
    },

    async check() {
      try {
        await ready();
        await fs.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    async createSession(session) {
      await ready();
      await (await fs.open(sessionPath(session.id), 'w')).close();
      return {};
    },

    async sessionSize(session, received) {
      try {
        const stats = await fs.stat(sessionPath(session.id));
        return Math.min(stats.size, received);
      } catch (error) {
        if (!isMissing(error)) throw error;
        // Finalized already (the database may not know yet, after a crash): the blob holds it all.
        const blob = await statBlob(session.key);
        return Math.min(blob?.size ?? 0, received);
      }
    },

    async appendSession(session, offset, source: Readable): Promise<TAppendResult> {
      await ready();
      const written = await writeAtOffset(sessionPath(session.id), offset, source);
      return { written, state: session.state };
    },

    async finalizeSession(session, total) {
      const file = sessionPath(session.id);
      try {
        const stats = await fs.stat(file);
        if (stats.size !== total) {
          throw new Error(`Session ${session.id} holds ${stats.size} bytes, expected ${total}.`);
        }
        await install(file, session.key);
      } catch (error) {
        if (!isMissing(error)) throw error;
        // Finalized before (a retry after a lost response or a crash before the database knew).
        const blob = await statBlob(session.key);
        if (blob?.size !== total) throw new SessionDataLostError(0);
      }
    },

    async abortSession(session) {
      await fs.rm(sessionPath(session.id), { force: true });
    },

    async close() {},
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** Makes a rename durable: the directory entry is on disk too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename itself is still atomic.
  } finally {
    await handle.close();
  }
}

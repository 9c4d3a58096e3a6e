import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patternBytes } from '../../../../test/storage-helpers';
import { startS3Server, type TS3Server } from '../../../../test/s3-server';
import { createLocalDriver } from './local-driver';
import { createS3Driver } from './s3-driver';
import {
  BlobNotFoundError,
  SessionDataLostError,
  type TDriverSession,
  type TStorageDriver,
} from './storage-driver';

const MIB = 1024 * 1024;
const KIB = 1024;

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');
const newKey = () => randomBytes(18).toString('base64url');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The same cases on every driver: local disk, and S3 (s3rver started here). */
describe.each(['local', 's3'] as const)('%s storage driver', (kind) => {
  let dir: string;
  let s3: TS3Server | undefined;
  let driver: TStorageDriver;
  const open: TStorageDriver[] = [];

  const make = (): TStorageDriver => {
    const made =
      kind === 'local' || !s3
        ? createLocalDriver(path.join(dir, 'storage'))
        : createS3Driver({
            endpoint: s3.endpoint,
            region: 'us-east-1',
            bucket: s3.bucket,
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
            forcePathStyle: true,
            spoolDir: path.join(dir, 'spool'),
            partBytes: 5 * MIB,
          });
    open.push(made);
    return made;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), `screenline-driver-${kind}-`));
    if (kind === 's3') s3 = await startS3Server();
    driver = make();
  });
  afterAll(async () => {
    await Promise.all(open.map((each) => each.close()));
    await s3?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Runs a session through chunks of the given sizes; returns the session with its state. */
  async function appendAll(
    using: TStorageDriver,
    session: TDriverSession,
    data: Buffer,
    sizes: number[],
    from = 0,
  ): Promise<TDriverSession> {
    let current = session;
    let offset = from;
    for (const size of sizes) {
      const chunk = data.subarray(offset, offset + size);
      const result = await using.appendSession(current, offset, Readable.from([chunk]));
      expect(result.written).toBe(chunk.length);
      offset += chunk.length;
      current = { ...current, state: result.state };
      expect(await using.sessionSize(current, offset)).toBe(offset);
    }
    return current;
  }

  async function openSession(total: number): Promise<TDriverSession> {
    const key = newKey();
    const session = { id: key, key, state: {} };
    return { ...session, state: await driver.createSession(session, total, 'video/mp4') };
  }

  it('puts, stats, reads whole and in ranges, and deletes blobs', async () => {
    const key = newKey();
    const data = patternBytes(300 * KIB, 3);
    await driver.put(key, data, 'image/png');
    expect(await driver.stat(key)).toEqual({ size: data.length });
    expect(md5(await readAll(await driver.read(key)))).toBe(md5(data));
    const part = await readAll(await driver.read(key, { start: 1000, end: 1999 }));
    expect(part.equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await readAll(
      await driver.read(key, { start: data.length - 1, end: data.length - 1 }),
    );
    expect(tail.equals(data.subarray(-1))).toBe(true);
    await driver.delete(key);
    expect(await driver.stat(key)).toBeNull();
  });

  it('reports missing blobs and deletes them quietly', async () => {
    const key = newKey();
    await expect(driver.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await driver.stat(key)).toBeNull();
    await expect(driver.delete(key)).resolves.toBeUndefined();
  });

  it('builds one blob from chunks of any size, across S3 parts, and finalizes idempotently', async () => {
    const data = patternBytes(12 * MIB + 7, 5);
    const session = await appendAll(driver, await openSession(data.length), data, [
      100 * KIB,
      3 * MIB,
      256 * KIB,
      6 * MIB,
      12 * MIB + 7 - (100 * KIB + 3 * MIB + 256 * KIB + 6 * MIB),
    ]);
    await driver.finalizeSession(session, data.length, 'video/mp4');
    expect(md5(await readAll(await driver.read(session.key)))).toBe(md5(data));
    // A retry after a lost answer, or after a crash before the database knew.
    await driver.finalizeSession(session, data.length, 'video/mp4');
    expect(await driver.stat(session.key)).toEqual({ size: data.length });
    expect(await driver.sessionSize(session, data.length)).toBe(data.length);
  });

  it('continues a session in a new driver instance, as after a restart', async () => {
    const data = patternBytes(7 * MIB, 6);
    const session = await appendAll(driver, await openSession(data.length), data, [
      2 * MIB,
      4 * MIB,
    ]);
    const restarted = make();
    expect(await restarted.sessionSize(session, 6 * MIB)).toBe(6 * MIB);
    const done = await appendAll(restarted, session, data, [MIB], 6 * MIB);
    await restarted.finalizeSession(done, data.length, 'video/mp4');
    expect(md5(await readAll(await restarted.read(done.key)))).toBe(md5(data));
  });

  it('rewrites a chunk that failed half-way, and refuses to write past lost bytes', async () => {
    const data = patternBytes(2 * MIB, 7);
    let session = await appendAll(driver, await openSession(data.length), data, [MIB]);
    // A chunk whose connection broke: the driver rejects, and the next try starts at MIB again.
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(64 * KIB, 0xee));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(driver.appendSession(session, MIB, broken)).rejects.toThrow('connection reset');
    session = await appendAll(driver, session, data, [MIB], MIB);
    await driver.finalizeSession(session, data.length, 'video/mp4');
    expect(md5(await readAll(await driver.read(session.key)))).toBe(md5(data));

    const other = await appendAll(driver, await openSession(10 * KIB), data, [KIB]);
    await expect(
      driver.appendSession(other, 5 * KIB, Readable.from([Buffer.alloc(KIB)])),
    ).rejects.toBeInstanceOf(SessionDataLostError);
    expect(await driver.sessionSize(other, 5 * KIB)).toBe(KIB);
  });

  it('aborts sessions, dropping their bytes', async () => {
    const data = patternBytes(MIB, 8);
    const session = await appendAll(driver, await openSession(2 * MIB), data, [MIB]);
    await driver.abortSession(session);
    expect(await driver.sessionSize(session, MIB)).toBe(0);
    await expect(
      driver.appendSession(session, MIB, Readable.from([Buffer.alloc(1)])),
    ).rejects.toBeInstanceOf(SessionDataLostError);
    await expect(driver.abortSession(session)).resolves.toBeUndefined();
    expect(await driver.stat(session.key)).toBeNull();
  });

  it('stores empty blobs and empty sessions', async () => {
    const key = newKey();
    await driver.put(key, Buffer.alloc(0), 'image/png');
    expect(await driver.stat(key)).toEqual({ size: 0 });
    expect((await readAll(await driver.read(key))).length).toBe(0);
    const session = await openSession(0);
    await driver.finalizeSession(session, 0, 'image/png');
    expect(await driver.stat(session.key)).toEqual({ size: 0 });
  });

  it('says whether the store is reachable', async () => {
    expect(await driver.check()).toBe(true);
    const blocked = path.join(dir, 'not-a-directory');
    await fs.writeFile(blocked, 'x');
    const broken =
      kind === 'local' || !s3
        ? createLocalDriver(path.join(blocked, 'storage'))
        : createS3Driver({
            endpoint: s3.endpoint,
            region: 'us-east-1',
            bucket: 'no-such-bucket',
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
            forcePathStyle: true,
            spoolDir: blocked,
          });
    open.push(broken);
    expect(await broken.check()).toBe(false);
  });
});

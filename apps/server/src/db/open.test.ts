import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type TConfig } from '../config';
import { DataDirInUseError, openConfiguredDatabase } from './open';

/** A Node process that stays until killed. */
function sleeper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

/** The pid of a process that has exited: no live process has it (right after, on this host). */
async function deadPid(): Promise<number> {
  const child = await sleeper();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

/**
 * What `kill -9` of the server leaves in DATA_DIR: the lock directory proper-lockfile made (its
 * mtime fresh, so not stale for 15 s) and the owner file naming the dead process.
 */
async function leaveLock(dataDir: string, owner: unknown) {
  await fs.mkdir(path.join(dataDir, 'screenline.lock'));
  if (owner !== undefined)
    await fs.writeFile(path.join(dataDir, 'screenline.pid'), JSON.stringify(owner));
}

describe('the DATA_DIR lock after a hard kill', () => {
  let dataDir: string;
  let config: TConfig;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'screenline-lock-'));
    config = testConfig({ DATA_DIR: dataDir });
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await fs.rm(path.join(dataDir, 'screenline.lock'), { recursive: true, force: true });
    await fs.rm(path.join(dataDir, 'screenline.pid'), { force: true });
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('takes over a lock whose owner process is gone, and records itself as the owner', async () => {
    await leaveLock(dataDir, { pid: await deadPid(), host: os.hostname() });
    const database = await openConfiguredDatabase(config);
    try {
      const owner: unknown = JSON.parse(
        await fs.readFile(path.join(dataDir, 'screenline.pid'), 'utf8'),
      );
      expect(owner).toEqual({ pid: process.pid, host: os.hostname() });
      // While it is open, a second opening is refused (its owner is this live process).
      await expect(openConfiguredDatabase(config)).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await database.close();
    }
    // Closing removes both the lock and the owner file.
    await expect(fs.stat(path.join(dataDir, 'screenline.lock'))).rejects.toThrow();
    await expect(fs.stat(path.join(dataDir, 'screenline.pid'))).rejects.toThrow();
  });

  it('refuses a lock whose owner process is alive', async () => {
    const child = await sleeper();
    children.push(child);
    await leaveLock(dataDir, { pid: child.pid, host: os.hostname() });
    await expect(openConfiguredDatabase(config)).rejects.toBeInstanceOf(DataDirInUseError);
  });

  it('refuses a fresh lock it cannot judge: no owner file, or an owner on another host', async () => {
    await leaveLock(dataDir, undefined);
    await expect(openConfiguredDatabase(config)).rejects.toBeInstanceOf(DataDirInUseError);
    await fs.writeFile(
      path.join(dataDir, 'screenline.pid'),
      JSON.stringify({ pid: await deadPid(), host: `not-${os.hostname()}` }),
    );
    await expect(openConfiguredDatabase(config)).rejects.toBeInstanceOf(DataDirInUseError);
  });
});

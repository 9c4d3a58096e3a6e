// A private PostgreSQL cluster for the fault tests: initdb + pg_ctl from the machine's
// PostgreSQL binaries into a temporary directory, on a port of its own, so the tests may stop
// and start it (never the machine's shared PostgreSQL). As root, the binaries run as the
// postgres OS user (initdb refuses root).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TCluster {
  url: string;
  /** The cluster's data directory (the server writes COPY … TO files here). */
  dataDir: string;
  port: number;
  bin: string;
}

/** The newest installed PostgreSQL's bin directory, or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres OS user when this process is root. */
async function pgTool(bin: string, tool: string, args: string[]): Promise<string> {
  const file = path.join(bin, tool);
  const { stdout } = asRoot()
    ? await run('runuser', ['-u', 'postgres', '--', file, ...args])
    : await run(file, args);
  return stdout;
}

export async function createCluster(bin: string, port: number): Promise<TCluster> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'screenline-faults-pg-'));
  fs.chmodSync(base, 0o777);
  const dataDir = path.join(base, 'data');
  if (asRoot()) await run('chown', ['postgres', base]);
  await pgTool(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const cluster = { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dataDir, port, bin };
  await startCluster(cluster);
  return cluster;
}

export async function startCluster(cluster: TCluster): Promise<void> {
  await pgTool(cluster.bin, 'pg_ctl', [
    '-D',
    cluster.dataDir,
    '-l',
    path.join(cluster.dataDir, 'server.log'),
    '-o',
    `-p ${cluster.port} -k ${cluster.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c client_connection_check_interval=1s`,
    '-w',
    'start',
  ]);
}

/** Stops the cluster: `fast` ends every session at once and rolls back what was in flight. */
export async function stopCluster(cluster: TCluster): Promise<void> {
  await pgTool(cluster.bin, 'pg_ctl', ['-D', cluster.dataDir, '-m', 'fast', '-w', 'stop']);
}

export async function destroyCluster(cluster: TCluster): Promise<void> {
  await stopCluster(cluster).catch(() => undefined);
  fs.rmSync(path.dirname(cluster.dataDir), { recursive: true, force: true });
}

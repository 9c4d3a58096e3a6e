// apps/server/src/server.ts in a child process (tsx's loader, no build), for the fault tests:
// killed with SIGKILL mid-work, stopped with SIGTERM at the end.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER = path.join(ROOT, 'apps/server/src/server.ts');

export interface TChild {
  baseUrl: string;
  pid: number;
  /** What the server printed (its warnings and errors), for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or released. */
  kill9(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts the server with `env` on `port` and waits until /api/health answers 200. */
export async function startServer(port: number, env: Record<string, string>): Promise<TChild> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = fork(SERVER, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  if (child.pid === undefined) throw new Error('the server process did not start');
  const server: TChild = {
    baseUrl,
    pid: child.pid,
    output: () => output,
    kill9: async () => {
      const exited = exitOf(child);
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) before it was healthy:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.kill9();
  throw new Error(`the server at ${baseUrl} was not healthy within 120 s:\n${output}`);
}

import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { createCluster, destroyCluster, findPostgresBin, type TCluster } from './cluster';

/** The fault tests' ports (3260–3269 servers, 5460–5469 the private PostgreSQL). */
export const PG_PORTS = [5460, 5461, 5462, 5463, 5464, 5465, 5466, 5467, 5468, 5469];

async function isFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Starts the private PostgreSQL cluster the fault tests kill servers on and restart; without
 * PostgreSQL's binaries the tests run on PGlite only (in CI that is an error).
 */
export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) throw new Error('The fault tests need PostgreSQL binaries (initdb) in CI.');
    console.warn('No PostgreSQL binaries (initdb): the fault tests run on PGlite only.');
    project.provide('faultsCluster', '');
    return;
  }
  let port: number | undefined;
  for (const candidate of PG_PORTS) {
    if (await isFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error('No free port in 5460–5469 for the private PostgreSQL.');
  const cluster: TCluster = await createCluster(bin, port);
  project.provide('faultsCluster', JSON.stringify(cluster));
  return async () => {
    await destroyCluster(cluster);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultsCluster: string;
  }
}

// bench/ingest's TVs on the wire: a TV's batch of plays to POST /api/v1/player/impressions over
// the driver's HTTP client (BENCH_CLIENT), its answer timed from when it was due and tallied
// (acknowledged plays, 429s, errors by kind).
import http from 'node:http';
import { API } from '@screenline/shared/api-paths';
import { ZImpressionBatchResult } from '@screenline/shared/player';
import { nextBatch, type TBenchTv } from './ingest-plays';
import { causeOf, countError } from './open-loop';

/** The client side's tally of POST /api/v1/player/impressions. */
export interface TSends {
  batches: number;
  plays: number;
  adPlays: number;
  acknowledged: number;
  latenciesMs: number[];
  throttled: number;
  errors: number;
  /** The errors by kind: an HTTP status, or why the connection failed. */
  errorKinds: Map<string, number>;
}
export const newSends = (): TSends => ({
  batches: 0,
  plays: 0,
  adPlays: 0,
  acknowledged: 0,
  latenciesMs: [],
  throttled: 0,
  errors: 0,
  errorKinds: new Map(),
});

/**
 * The driver's HTTP client (BENCH_CLIENT): `http` (the default: node:http with a keep-alive
 * agent) or `fetch` (the figures in the README before 2026-12-06 were measured with it). The
 * driver stands in for the TVs, yet shares the machine's two cores with the server it measures,
 * and the plain insert it is compared with pays no client at all: fetch took a fifth of the CPU
 * of a capacity round, node:http about half that (docs/decisions.md, "The benches' TVs on
 * node:http").
 */
export const CLIENT = process.env.BENCH_CLIENT ?? 'http';
if (CLIENT !== 'fetch' && CLIENT !== 'http')
  throw new Error(`BENCH_CLIENT: unknown client ${CLIENT} (fetch, http)`);
const agent = new http.Agent({ keepAlive: true });

async function post(
  url: string,
  token: string,
  body: string,
): Promise<{ status: number; body: string }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (CLIENT === 'fetch') {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function send(
  baseUrl: string,
  token: string,
  tv: TBenchTv,
  dueAt: number,
  tally: TSends,
): Promise<void> {
  // A send a little before its time (the scheduler's 5 ms step) is timed from the send.
  const from = Math.min(dueAt, performance.now());
  const plays = nextBatch(tv, Date.now());
  tally.batches += 1;
  tally.plays += plays.length;
  tally.adPlays += plays.filter((play) => play.campaignId !== null).length;
  try {
    const res = await post(
      `${baseUrl}${API.playerImpressions}`,
      token,
      JSON.stringify({ impressions: plays }),
    );
    const { body } = res;
    tally.latenciesMs.push(performance.now() - from);
    if (res.status === 200) {
      tally.acknowledged += ZImpressionBatchResult.parse(JSON.parse(body)).accepted.length;
    } else if (res.status === 429) {
      tally.throttled += 1;
    } else {
      countError(tally, `HTTP ${res.status}`);
    }
  } catch (error) {
    countError(tally, causeOf(error));
  }
}

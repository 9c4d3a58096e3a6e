import type { Readable } from 'node:stream';
import {
  PLAYS_REPORT_MAX_DAYS,
  type TImpression,
  type TImpressionBatch,
  type TImpressionBatchResult,
  type TPlaysQuery,
  type TPlaysReport,
} from '@screenline/shared/player';
import { resolveLocalDateTime } from '@screenline/playback/schedule-resolver';
import { isForeignKeyViolation } from '../../db/errors';
import { adPlaySummaryOf } from '../proof-of-play/play-summary';
import { AppError, notFound, unauthenticated } from '../../lib/app-error';
import type { TActor, TPrincipal } from '../../lib/actor';
import { csvStream } from '../../lib/csv';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayIngest } from '../proof-of-play/ingest';
import type { TSettlement } from '../settlement/settlement';
import type { TDayWindow, TImpressionsRepository } from './impressions.repository';

/** Rows the CSV reads at a time: the file streams, so a 92-day range never sits in memory. */
const CSV_PAGE = 2000;

const DAY_MS = 86_400_000;

/** The CSV's columns, in order: one row per play. */
const CSV_COLUMNS = [
  'id',
  'device_id',
  'device_name',
  'sequence',
  'started_at_utc',
  'started_at_local',
  'shown_seconds',
  'end_reason',
  'playlist_id',
  'item_id',
  'content_id',
  'content_name',
] as const;

/**
 * Proof of play (issue 8 item 8). TVs send what they played, each play under a UUID they made,
 * so a batch sent twice (the answer was lost) stores each play once; owners read the report on
 * their location's local days.
 */
export function createImpressionsService(
  repo: TImpressionsRepository,
  access: TAccessPolicy,
  ingest: Pick<TPlayIngest, 'store'>,
  settlement: Pick<TSettlement, 'kick'>,
) {
  /**
   * Stores a batch from the calling TV. Accepted: the ids stored now or by this TV before (a
   * replay); rejected for good: plays of another ad space, and ids another TV stored.
   */
  async function record(
    principal: TPrincipal | null,
    batch: TImpressionBatch,
  ): Promise<TImpressionBatchResult> {
    const tv = await access.requireAccess(principal, 'player.impressions.write');
    const plays = uniqueById(batch.impressions);
    const rejected: TImpressionBatchResult['rejected'] = [];
    const ours: TImpression[] = [];
    for (const play of plays) {
      if (play.adSpaceId === tv.adSpaceId) ours.push(play);
      else rejected.push({ id: play.id, reason: 'wrong-ad-space' });
    }
    let inserted: string[];
    try {
      inserted = await ingest.store(
        { deviceId: tv.id, ownerId: tv.ownerId, adSpaceId: tv.adSpaceId },
        ours,
      );
    } catch (error) {
      // The ad space (or the account) went between the token check and the insert, which
      // revokes the token: the TV is told as if it had been a moment earlier.
      if (isForeignKeyViolation(error)) throw unauthenticated();
      throw error;
    }
    // Billing happens behind the answer (settlement/settlement.ts): nothing here waits on it.
    if (inserted.length > 0) settlement.kick();
    const stored = new Set(inserted);
    // The rest were stored before; a separate statement sees rows a concurrent request
    // committed while this one waited on them.
    const storedBy = await repo.devicesOf(
      ours.filter((play) => !stored.has(play.id)).map((play) => play.id),
    );
    const accepted: string[] = [];
    for (const play of ours) {
      const owner = stored.has(play.id) ? tv.id : storedBy.get(play.id);
      if (owner === tv.id) accepted.push(play.id);
      else if (owner !== undefined) rejected.push({ id: play.id, reason: 'id-taken' });
      // Neither: not stored and not found (cannot happen short of a deletion in between); the
      // TV keeps it and sends it again.
    }
    return { accepted, rejected };
  }

  /** The plays report on the location's local days `from`…`to` (inclusive). */
  async function report(actor: TActor, id: string, query: TPlaysQuery): Promise<TPlaysReport> {
    const { space, days, range } = await prepare(actor, id, query);
    const [byDay, byItem, gaps, adPlays] = await Promise.all([
      repo.countByDay(space.id, days),
      repo.countByItem(space.id, actor.id, range),
      repo.findGaps(space.id, range),
      adPlaySummaryOf(repo.db, { adSpaceId: space.id, from: range.from, to: range.to }),
    ]);
    return {
      adSpaceId: space.id,
      timeZone: space.timeZone,
      from: query.from,
      to: query.to,
      totals: {
        plays: byDay.reduce((sum, day) => sum + day.plays, 0),
        shownMs: byDay.reduce((sum, day) => sum + day.shownMs, 0),
      },
      byDay,
      byItem,
      adPlays,
      gaps,
    };
  }

  /**
   * The same range as CSV, one row per play, read a page at a time as the response is sent.
   * Access and the range are checked before anything is streamed.
   */
  async function csv(
    actor: TActor,
    id: string,
    query: TPlaysQuery,
  ): Promise<{ filename: string; body: Readable }> {
    const { space, range } = await prepare(actor, id, query);
    const localTime = localTimeFormat(space.timeZone);
    async function* rows() {
      let after: { startedAt: Date; id: string } | undefined;
      for (;;) {
        const page = await repo.listPlays(space.id, actor.id, range, { after, limit: CSV_PAGE });
        for (const play of page) {
          yield [
            play.id,
            play.deviceId,
            play.deviceName ?? '',
            play.sequence,
            play.startedAt.toISOString(),
            localTime(play.startedAt),
            (play.shownMs / 1000).toFixed(3),
            play.endReason,
            play.playlistId ?? '',
            play.itemId,
            play.contentId ?? '',
            play.contentName ?? '',
          ];
        }
        const last = page.at(-1);
        if (page.length < CSV_PAGE || !last) return;
        after = { startedAt: last.startedAt, id: last.id };
      }
    }
    const body = csvStream(CSV_COLUMNS, rows());
    return { filename: `plays-${slug(space.name)}-${query.from}-to-${query.to}.csv`, body };
  }

  async function prepare(actor: TActor, id: string, query: TPlaysQuery) {
    await access.requireAccess(actor, 'adSpace.read', [id]);
    const dayCount = daysBetween(query.from, query.to) + 1;
    if (dayCount < 1) {
      throw new AppError('validation-failed', 'The range must end on or after the day it starts.', {
        fields: [{ path: 'querystring.to', message: 'Choose a day on or after the start.' }],
      });
    }
    if (dayCount > PLAYS_REPORT_MAX_DAYS) {
      throw new AppError(
        'validation-failed',
        `The range is ${dayCount} days; a report covers at most ${PLAYS_REPORT_MAX_DAYS} days.`,
        {
          fields: [
            { path: 'querystring.to', message: `Choose at most ${PLAYS_REPORT_MAX_DAYS} days.` },
          ],
        },
      );
    }
    const space = await repo.findAdSpace(actor.id, id);
    if (!space) throw notFound('That ad space');
    const days = localDays(query.from, dayCount, space.timeZone);
    const first = days[0];
    const last = days.at(-1);
    if (!first || !last) throw new Error('A report has at least one day.');
    return { space, days, range: { from: new Date(first.startsAt), to: new Date(last.endsAt) } };
  }

  return { record, report, csv };
}

export type TImpressionsService = ReturnType<typeof createImpressionsService>;

/** The first of each id (a TV sends each once; a repeat inside one batch is the same play). */
function uniqueById(plays: readonly TImpression[]): TImpression[] {
  const seen = new Set<string>();
  return plays.filter((play) => !seen.has(play.id) && Boolean(seen.add(play.id)));
}

/** Calendar days from `from` to `to` (YYYY-MM-DD); negative when `to` comes first. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * `count` local days from `from` in `timeZone`, each from its start to the start of the next
 * (23 or 25 hours on a daylight-saving change; a midnight that does not exist starts at the
 * first minute that does).
 */
function localDays(from: string, count: number, timeZone: string): TDayWindow[] {
  const startOf = (day: string) =>
    new Date(resolveLocalDateTime(`${day}T00:00`, timeZone).epochMs).toISOString();
  const dayAt = (offset: number) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
  const days: TDayWindow[] = [];
  let startsAt = startOf(dayAt(0));
  for (let offset = 0; offset < count; offset += 1) {
    const endsAt = startOf(dayAt(offset + 1));
    days.push({ day: dayAt(offset), startsAt, endsAt });
    startsAt = endsAt;
  }
  return days;
}

/** `YYYY-MM-DD HH:mm:ss` at the location, for the CSV. */
function localTimeFormat(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => {
    const parts = Object.fromEntries(
      format.formatToParts(at).map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}

/** The ad space's name as a file name part: ASCII letters, digits and dashes. */
function slug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return ascii || 'ad-space';
}

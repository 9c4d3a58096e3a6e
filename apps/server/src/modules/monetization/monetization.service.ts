import type { z } from 'zod';
import { formatMicros } from '@screenline/shared/money';
import type {
  TEarnings,
  TMonetizationRequest,
  TMonetizationRequestList,
  TMonetizationState,
  ZCreateMonetizationRequest,
  ZEarningsQuery,
  ZMonetizationListQuery,
} from '@screenline/shared/monetization';
import type { TDb } from '../../db/database';
import { ownerEarningsPerSpaceAndDay } from '../proof-of-play/owner-plays';
import { adPlaySummaryOf } from '../proof-of-play/play-summary';
import { isUniqueViolation } from '../../db/errors';
import type { TActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { pageOf } from '../../lib/created-order';
import type { TAccessPolicy } from '../access/access-policy';
import type { MailService, TMail } from '../mail/mail.service';
import {
  monetizationApprovedMail,
  monetizationRejectedMail,
  monetizationSuspendedMail,
} from '../mail/templates';
import type { TPlatformSettingsService } from '../platform/platform-settings';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import { bumpAdSpaceContentVersions } from '../screens/content-versions';
import { createMonetizationRepository, type TMonetizationRow } from './monetization.repository';

type TListQuery = z.output<typeof ZMonetizationListQuery>;
type TCreate = z.output<typeof ZCreateMonetizationRequest>;
type TEarningsQuery = z.output<typeof ZEarningsQuery>;

/** The longest earnings range, in days (like the plays report). */
export const EARNINGS_MAX_DAYS = 92;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Monetization (issue 9 item 3): an owner asks for an ad space's ad slots to play paid campaigns
 * at a floor price; a super-user approves, rejects or later suspends; the owner may withdraw. A
 * space's slots are filled only while approved, so entering or leaving `approved` bumps the
 * space's content version and tells its TVs (their manifest's fill changes). Moves no money.
 */
export function createMonetizationService(deps: {
  db: TDb;
  access: TAccessPolicy;
  settings: TPlatformSettingsService;
  changes: TPlayerChangeBus;
  mail: Pick<MailService, 'enqueue'>;
  publicUrl: string;
}) {
  const { db, access, settings, changes, mail, publicUrl } = deps;
  const repo = createMonetizationRepository(db);

  async function list(actor: TActor, query: TListQuery): Promise<TMonetizationRequestList> {
    await access.requireAccess(actor, 'monetization.list');
    if (query.adSpaceId) await access.requireAccess(actor, 'adSpace.read', [query.adSpaceId]);
    return listOf({ ...query, ownerId: actor.id, direction: 'newest' });
  }

  async function listAll(actor: TActor, query: TListQuery): Promise<TMonetizationRequestList> {
    await access.requireAccess(actor, 'admin.monetization.review');
    return listOf({ ...query, direction: query.state === 'pending' ? 'oldest' : 'newest' });
  }

  async function listOf(
    filter: TListQuery & { ownerId?: string; direction: 'newest' | 'oldest' },
  ): Promise<TMonetizationRequestList> {
    const rows = await repo.list(filter);
    const { page, nextCursor } = pageOf(rows, filter.limit, (row) => row.request);
    return { items: page.map(toMonetizationRequest), nextCursor };
  }

  async function create(actor: TActor, input: TCreate): Promise<TMonetizationRequest> {
    await access.requireAccess(actor, 'monetization.create');
    await access.requireAccess(actor, 'adSpace.read', [input.adSpaceId]);
    const { minMicrosPerSecond } = await settings.get();
    if (input.floorMicrosPerSecond < minMicrosPerSecond) {
      const message = `The floor must be at least ${formatMicros(minMicrosPerSecond, { precise: true })} per second (${minMicrosPerSecond} micros), the platform minimum.`;
      throw new AppError('validation-failed', message, {
        fields: [{ path: 'body.floorMicrosPerSecond', message }],
      });
    }
    let id: string;
    try {
      id = await repo.insert({ ...input, ownerId: actor.id });
    } catch (error) {
      if (isUniqueViolation(error, 'monetization_open_idx'))
        throw new AppError(
          'conflict',
          'This ad space already has a monetization request that is pending or approved; withdraw it first to ask again.',
        );
      throw error;
    }
    return view(db, id);
  }

  async function withdraw(actor: TActor, id: string): Promise<TMonetizationRequest> {
    await access.requireAccess(actor, 'monetization.withdraw', [id]);
    const { row, adSpaceIds } = await db.transaction(async (tx) => {
      const txRepo = createMonetizationRepository(tx);
      const before = await txRepo.lockState(id);
      const moved = await txRepo.move(id, ['pending', 'approved'], {
        state: 'withdrawn',
        decidedBy: actor.id,
        reason: null,
      });
      if (!moved || !before) throw await invalidState(tx, id, 'withdrawn', 'pending or approved');
      const bumped =
        before === 'approved' ? await bumpAdSpaceContentVersions(tx, [moved.adSpaceId]) : [];
      return { row: await view(tx, id), adSpaceIds: bumped };
    });
    changes.publishContent(adSpaceIds);
    return row;
  }

  /** A super-user's decision: the state change, the TVs told, the owner emailed. */
  async function decide(
    actor: TActor,
    id: string,
    move: {
      from: readonly TMonetizationState[];
      to: TMonetizationState;
      reason: string | null;
      /** Whether the space's slots start or stop playing campaigns. */
      changesFill: boolean;
      mail: (row: TMonetizationRequest) => TMail;
    },
  ): Promise<TMonetizationRequest> {
    await access.requireAccess(actor, 'admin.monetization.review');
    const { row, adSpaceIds } = await db.transaction(async (tx) => {
      const moved = await createMonetizationRepository(tx).move(id, move.from, {
        state: move.to,
        decidedBy: actor.id,
        reason: move.reason,
      });
      if (!moved) throw await invalidState(tx, id, move.to, move.from.join(' or '));
      const bumped = move.changesFill
        ? await bumpAdSpaceContentVersions(tx, [moved.adSpaceId])
        : [];
      return { row: await view(tx, id), adSpaceIds: bumped };
    });
    changes.publishContent(adSpaceIds);
    await mail.enqueue(move.mail(row));
    return row;
  }

  const approve = (actor: TActor, id: string) =>
    decide(actor, id, {
      from: ['pending'],
      to: 'approved',
      reason: null,
      changesFill: true,
      mail: (row) => monetizationApprovedMail(row.owner.email, row.adSpace.name, publicUrl),
    });

  const reject = (actor: TActor, id: string, reason: string) =>
    decide(actor, id, {
      from: ['pending'],
      to: 'rejected',
      reason,
      changesFill: false,
      mail: (row) => monetizationRejectedMail(row.owner.email, row.adSpace.name, reason, publicUrl),
    });

  const suspend = (actor: TActor, id: string, reason: string) =>
    decide(actor, id, {
      from: ['approved'],
      to: 'suspended',
      reason,
      changesFill: true,
      mail: (row) =>
        monetizationSuspendedMail(row.owner.email, row.adSpace.name, reason, publicUrl),
    });

  async function earnings(actor: TActor, query: TEarningsQuery): Promise<TEarnings> {
    await access.requireAccess(actor, 'earnings.read');
    const days = daysOf(query.from, query.to);
    const [rows, summary] = await Promise.all([
      ownerEarningsPerSpaceAndDay(db, actor.id, query),
      adPlaySummaryOf(db, { ownerId: actor.id, fromDay: query.from, toDay: query.to }),
    ]);
    const spaceIds = [...new Set(rows.map((row) => row.ad_space_id))];
    const names = await repo.adSpaceNames(spaceIds);
    const bySpace = new Map(
      spaceIds.map((id) => [
        id,
        {
          adSpaceId: id,
          name: names.get(id) ?? 'A deleted ad space',
          earnedMicros: 0,
          impressions: 0,
          shownMs: 0,
        },
      ]),
    );
    const byDay = new Map(days.map((day) => [day, { day, earnedMicros: 0, impressions: 0 }]));
    for (const row of rows) {
      const space = bySpace.get(row.ad_space_id)!;
      space.earnedMicros += Number(row.earned);
      space.impressions += Number(row.plays);
      space.shownMs += Number(row.shown_ms);
      const day = byDay.get(row.day);
      if (day) {
        day.earnedMicros += Number(row.earned);
        day.impressions += Number(row.plays);
      }
    }
    const spaces = [...bySpace.values()].sort(
      (a, b) => b.earnedMicros - a.earnedMicros || a.name.localeCompare(b.name),
    );
    return {
      from: query.from,
      to: query.to,
      totalMicros: spaces.reduce((sum, space) => sum + space.earnedMicros, 0),
      impressions: spaces.reduce((sum, space) => sum + space.impressions, 0),
      byAdSpace: spaces,
      byDay: [...byDay.values()],
      unbilled: summary.unbilled,
      settling: summary.settling,
    };
  }

  return { list, listAll, create, withdraw, approve, reject, suspend, earnings };
}

export type TMonetizationService = ReturnType<typeof createMonetizationService>;

async function view(tx: TDb, id: string): Promise<TMonetizationRequest> {
  const row = await createMonetizationRepository(tx).findById(id);
  if (!row) throw notFound('That monetization request');
  return toMonetizationRequest(row);
}

async function invalidState(tx: TDb, id: string, to: string, from: string): Promise<AppError> {
  const row = await createMonetizationRepository(tx).findById(id);
  if (!row) return notFound('That monetization request');
  return new AppError(
    'invalid-state',
    `This monetization request is ${row.request.state}; only a ${from} request can be ${to}.`,
  );
}

/** The UTC days from–to, inclusive; a 400 for a range that is backwards or too long. */
function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  const refuse = (message: string) =>
    new AppError('validation-failed', message, {
      fields: [{ path: 'querystring.to', message }],
    });
  if (count < 1) throw refuse('The range must end on or after the day it starts.');
  if (count > EARNINGS_MAX_DAYS)
    throw refuse(`The range is ${count} days; choose at most ${EARNINGS_MAX_DAYS}.`);
  return Array.from({ length: count }, (_, offset) =>
    new Date(start + offset * DAY_MS).toISOString().slice(0, 10),
  );
}

function toMonetizationRequest(row: TMonetizationRow): TMonetizationRequest {
  const { request } = row;
  return {
    id: request.id,
    adSpace: { ...row.adSpace, location: row.location },
    owner: row.owner,
    floorMicrosPerSecond: request.floorMicrosPerSecond,
    state: request.state,
    decision: request.decidedAt
      ? {
          decidedAt: request.decidedAt.toISOString(),
          decidedBy: { id: request.decidedBy ?? '', name: row.decider ?? 'A deleted user' },
          reason: request.reason,
        }
      : null,
    createdAt: request.createdAt.toISOString(),
  };
}

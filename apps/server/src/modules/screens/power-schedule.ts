import {
  ZStoredPowerSchedule,
  type TPowerSchedule,
  type TPowerScheduleView,
  type TSavePowerSchedule,
} from '@screenline/shared/power-schedule';
import { isOnAt, onWindows } from '@screenline/playback/power-schedule';
import type { TDb } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import { utcDayStart } from '../../lib/local-day';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import { createAdSpacesRepository } from './ad-spaces.repository';

const DAY_MS = 86_400_000;
/** How far ahead the view lists the on hours (the manifest's week). */
const VIEW_DAYS = 7;

/** A stored schedule (jsonb) read with its schema; one that does not parse counts as none. */
export function readPowerSchedule(stored: unknown): TPowerSchedule | null {
  const parsed = ZStoredPowerSchedule.nullable().safeParse(stored ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * An ad space's power schedule (issue 23 item 5): read and replaced on its own route. Saving one
 * bumps the space's content version, so its TVs get the new on hours in their manifest at once.
 */
export function createPowerScheduleService(
  db: TDb,
  access: TAccessPolicy,
  changes: TPlayerChangeBus,
  now: () => number = Date.now,
) {
  const repo = createAdSpacesRepository(db);

  async function view(ownerId: string, id: string): Promise<TPowerScheduleView> {
    const row = await repo.findById(ownerId, id);
    if (!row) throw notFound('That ad space');
    const schedule = readPowerSchedule(row.adSpace.powerSchedule);
    const timeZone = row.location.timeZone;
    const nowMs = now();
    const fromMs = utcDayStart(nowMs);
    const toMs = fromMs + VIEW_DAYS * DAY_MS;
    return {
      adSpaceId: id,
      timeZone,
      powerSchedule: schedule,
      onNow: isOnAt(schedule, timeZone, nowMs),
      onWindows: onWindows(schedule, timeZone, fromMs, toMs),
      windowsFromMs: fromMs,
      windowsToMs: toMs,
    };
  }

  return {
    async get(actor: TActor, id: string) {
      await access.requireAccess(actor, 'adSpace.read', [id]);
      return view(actor.id, id);
    },

    async save(actor: TActor, id: string, input: TSavePowerSchedule) {
      await access.requireAccess(actor, 'adSpace.update', [id]);
      // Parsed by the route with ZSavePowerSchedule: weekdays sorted, so it is stored as answered.
      const schedule = input.powerSchedule ? ZStoredPowerSchedule.parse(input.powerSchedule) : null;
      await repo.transaction(async (tx) => {
        const current = await tx.lockById(actor.id, id);
        if (!current) throw notFound('That ad space');
        await tx.setPowerSchedule(actor.id, id, schedule);
        await tx.bumpContentVersion(id);
      });
      changes.publishContent([id]);
      return view(actor.id, id);
    },
  };
}

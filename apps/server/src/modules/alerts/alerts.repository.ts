import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TAlertKind } from '@screenline/shared/alerts';
import type { TDb } from '../../db/database';
import { alertIncident, alertSettings } from '../../db/schema/index';
import { approvedMonetizations } from '../monetization/monetization-directory';
import { newestBeatsOf } from '../player/player-directory';
import { adSpaceRows, locationRows } from '../screens/places';

export type TAlertSettingsRow = typeof alertSettings.$inferSelect;
export type TIncidentRow = typeof alertIncident.$inferSelect;

/** Queries of alert settings and incidents (issue 23 item 4). */
export function createAlertsRepository(db: TDb) {
  return {
    async findSettings(ownerId: string): Promise<TAlertSettingsRow | undefined> {
      const [row] = await db.select().from(alertSettings).where(eq(alertSettings.ownerId, ownerId));
      return row;
    },

    /** Inserts or replaces the settings; the secret is only set when the row is new. */
    async saveSettings(
      ownerId: string,
      values: { emails: string[]; webhookUrl: string | null; offlineAfterMinutes: number },
      newSecret: string,
    ): Promise<void> {
      await db
        .insert(alertSettings)
        .values({ ownerId, ...values, webhookSecret: newSecret })
        .onConflictDoUpdate({
          target: alertSettings.ownerId,
          set: { ...values, updatedAt: new Date() },
        });
    },

    async settingsOf(ownerIds: readonly string[]): Promise<TAlertSettingsRow[]> {
      if (ownerIds.length === 0) return [];
      return db
        .select()
        .from(alertSettings)
        .where(inArray(alertSettings.ownerId, [...ownerIds]));
    },

    /**
     * Every ad space of an owner who set alerts up, with what the rules read: its zone, power
     * schedule, last heartbeat (the newest TV's) and, while monetized, its floor. Two queries.
     */
    async screensToWatch() {
      const spaces = await db
        .select({
          id: adSpaceRows.id,
          ownerId: adSpaceRows.ownerId,
          name: adSpaceRows.name,
          locationName: locationRows.name,
          timeZone: locationRows.timeZone,
          lastSeenAt: adSpaceRows.lastSeenAt,
          powerSchedule: adSpaceRows.powerSchedule,
          floorMicrosPerSecond: approvedMonetizations.floorMicrosPerSecond,
        })
        .from(adSpaceRows)
        .innerJoin(alertSettings, eq(alertSettings.ownerId, adSpaceRows.ownerId))
        .innerJoin(locationRows, eq(locationRows.id, adSpaceRows.locationId))
        .leftJoin(approvedMonetizations, eq(approvedMonetizations.adSpaceId, adSpaceRows.id));
      const ids = spaces.map((space) => space.id);
      const beats = await newestBeatsOf(db, ids);
      const beatOf = new Map(beats.map((beat) => [beat.adSpaceId, beat]));
      return spaces.map((space) => ({
        ...space,
        heartbeat: beatOf.get(space.id)?.heartbeat ?? null,
        heartbeatAt: beatOf.get(space.id)?.lastSeenAt ?? null,
      }));
    },

    async openIncidents(): Promise<TIncidentRow[]> {
      return db.select().from(alertIncident).where(isNull(alertIncident.resolvedAt));
    },

    /** Opens an incident; undefined when one of the kind is already open (the unique index). */
    async open(values: {
      ownerId: string;
      adSpaceId: string;
      kind: TAlertKind;
      failingSince: Date;
      detail: string | null;
    }): Promise<TIncidentRow | undefined> {
      const [row] = await db.insert(alertIncident).values(values).onConflictDoNothing().returning();
      return row;
    },

    async restart(id: string, failingSince: Date, detail: string | null): Promise<void> {
      await db
        .update(alertIncident)
        .set({ failingSince, detail })
        .where(and(eq(alertIncident.id, id), isNull(alertIncident.notifiedAt)));
    },

    /** An incident nobody heard of and that no longer applies (the screen was scheduled off). */
    async drop(id: string): Promise<void> {
      await db
        .delete(alertIncident)
        .where(and(eq(alertIncident.id, id), isNull(alertIncident.notifiedAt)));
    },

    async resolve(id: string, at: Date, notified: boolean): Promise<void> {
      await db
        .update(alertIncident)
        .set({ resolvedAt: at, resolvedNotifiedAt: notified ? at : null })
        .where(and(eq(alertIncident.id, id), isNull(alertIncident.resolvedAt)));
    },

    async markNotified(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(alertIncident)
        .set({ notifiedAt: at })
        .where(and(inArray(alertIncident.id, [...ids]), isNull(alertIncident.notifiedAt)));
    },

    /** Open incidents first, then the newest resolved, with the screen's name (at most 100). */
    async listIncidents(ownerId: string) {
      return db
        .select({ incident: alertIncident, adSpaceName: adSpaceRows.name })
        .from(alertIncident)
        .innerJoin(adSpaceRows, eq(adSpaceRows.id, alertIncident.adSpaceId))
        .where(eq(alertIncident.ownerId, ownerId))
        .orderBy(sql`${alertIncident.resolvedAt} is not null`, desc(alertIncident.createdAt))
        .limit(100);
    },
  };
}

export type TAlertsRepository = ReturnType<typeof createAlertsRepository>;

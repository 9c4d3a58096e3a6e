import { and, asc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDeviceSignInMethod } from '@screenline/shared/player';
import type { TDb } from '../../db/database';
import { device, deviceGrant } from '../../db/schema/index';
import { adSpaceRows } from '../screens/places';

export interface TDeviceRegistrationRow {
  deviceKey: string;
  adSpaceId: string;
  name?: string | undefined;
  userAgent: string;
  appVersion: string;
  tokenHash: string;
  tokenExpiresAt: Date;
  /** Kept as it was when a set-up TV binds itself again (it signed in once). */
  signInMethod?: TDeviceSignInMethod | undefined;
}

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** Queries of the TVs owners set up (issue 8 item 4) and their credentials (issue 18). */
export function createDevicesRepository(db: TDb) {
  return {
    /**
     * Inserts the device, or, when the owner already has one with this key, binds that one to
     * the ad space with a new token (the old token stops working). `created` tells which.
     */
    async upsert(
      ownerId: string,
      values: TDeviceRegistrationRow,
    ): Promise<{ id: string; created: boolean }> {
      const now = new Date();
      const [row] = await db
        .insert(device)
        .values({
          ...values,
          name: values.name ?? null,
          signInMethod: values.signInMethod ?? null,
          ownerId,
          lastSeenAt: now,
        })
        .onConflictDoUpdate({
          target: [device.ownerId, device.deviceKey],
          set: {
            adSpaceId: values.adSpaceId,
            // A registration without a name keeps the one the device had.
            name: sql`coalesce(excluded.name, ${device.name})`,
            userAgent: values.userAgent,
            appVersion: values.appVersion,
            tokenHash: values.tokenHash,
            tokenExpiresAt: values.tokenExpiresAt,
            previousTokenHash: null,
            previousTokenExpiresAt: null,
            ...(values.signInMethod ? { signInMethod: values.signInMethod } : {}),
            lastSeenAt: now,
            updatedAt: now,
          },
        })
        // xmax is 0 on a row this statement inserted, and the updating transaction's id otherwise.
        .returning({ id: device.id, created: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('The upsert returned no row.');
      return row;
    },

    /**
     * The device a token names, while it has an ad space (deleting the space revokes it) and the
     * token has not expired: the current token, or the one before the last renewal in its grace.
     */
    async findByTokenHash(tokenHash: string) {
      const now = new Date();
      const [row] = await db
        .select({
          id: device.id,
          ownerId: device.ownerId,
          adSpaceId: device.adSpaceId,
          tokenHash: device.tokenHash,
          tokenExpiresAt: device.tokenExpiresAt,
          previousTokenExpiresAt: device.previousTokenExpiresAt,
        })
        .from(device)
        .where(
          and(
            isNotNull(device.adSpaceId),
            or(
              and(eq(device.tokenHash, tokenHash), gt(device.tokenExpiresAt, now)),
              and(eq(device.previousTokenHash, tokenHash), gt(device.previousTokenExpiresAt, now)),
            ),
          ),
        );
      const isPrevious = row?.tokenHash !== tokenHash;
      const expiresAt = isPrevious ? row?.previousTokenExpiresAt : row?.tokenExpiresAt;
      if (!row?.adSpaceId || !expiresAt) return undefined;
      return {
        id: row.id,
        ownerId: row.ownerId,
        adSpaceId: row.adSpaceId,
        token: { hash: tokenHash, expiresAt, isPrevious },
      };
    },

    /**
     * Renews the token the TV called with: the current one becomes the previous one (valid until
     * `previousExpiresAt`), the new one current. Asked with the previous one (the TV missed the
     * last answer), only the current one is replaced. False when the token changed meanwhile (a
     * renewal that raced this one, a revocation): nothing is written.
     */
    async renewToken(
      id: string,
      from: { hash: string; isPrevious: boolean },
      to: { hash: string; expiresAt: Date; previousExpiresAt: Date },
    ): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(device)
        .set(
          from.isPrevious
            ? { tokenHash: to.hash, tokenExpiresAt: to.expiresAt, updatedAt: now }
            : {
                tokenHash: to.hash,
                tokenExpiresAt: to.expiresAt,
                previousTokenHash: from.hash,
                previousTokenExpiresAt: to.previousExpiresAt,
                updatedAt: now,
              },
        )
        .where(
          and(
            eq(device.id, id),
            from.isPrevious
              ? eq(device.previousTokenHash, from.hash)
              : eq(device.tokenHash, from.hash),
          ),
        )
        .returning({ id: device.id });
      return rows.length > 0;
    },

    /**
     * How many of the owner's devices got a token in the last `ttlMs - remainingMs`: a token's
     * expiry is its issue time plus the lifetime, so those expiring after now + remainingMs.
     */
    async countTokensIssuedSince(ownerId: string, remainingMs: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(device)
        .where(
          and(
            eq(device.ownerId, ownerId),
            gt(device.tokenExpiresAt, new Date(Date.now() + remainingMs)),
          ),
        );
      return row?.count ?? 0;
    },

    /** The owner's TVs with their ad spaces, the most recently seen first. */
    async listForOwner(ownerId: string) {
      return db
        .select({
          id: device.id,
          name: device.name,
          userAgent: device.userAgent,
          adSpaceId: adSpaceRows.id,
          adSpaceName: adSpaceRows.name,
          lastSeenAt: device.lastSeenAt,
          signInMethod: device.signInMethod,
          tokenHash: device.tokenHash,
          tokenExpiresAt: device.tokenExpiresAt,
        })
        .from(device)
        .leftJoin(adSpaceRows, eq(adSpaceRows.id, device.adSpaceId))
        .where(eq(device.ownerId, ownerId))
        .orderBy(sql`${device.lastSeenAt} desc nulls last`, asc(device.createdAt));
    },

    /**
     * Per ad space of the owner, its signed-in TVs (a live token) other than `exceptId`, and the
     * newest time one of them called (issue 21 item 4).
     */
    async countSignedInByAdSpace(ownerId: string, exceptId: string | null) {
      const now = new Date();
      return db
        .select({
          adSpaceId: device.adSpaceId,
          count: sql<number>`count(*)::int`,
          lastSeenAt: sql<Date | null>`max(${device.lastSeenAt})`.mapWith(device.lastSeenAt),
        })
        .from(device)
        .where(
          and(
            eq(device.ownerId, ownerId),
            isNotNull(device.adSpaceId),
            isNotNull(device.tokenHash),
            gt(device.tokenExpiresAt, now),
            exceptId ? ne(device.id, exceptId) : undefined,
          ),
        )
        .groupBy(device.adSpaceId);
    },

    /** Owners of these devices, for the access policy. */
    async findOwners(ids: readonly string[]): Promise<Map<string, string>> {
      const wanted = ids.filter(isUuid);
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: device.id, ownerId: device.ownerId })
        .from(device)
        .where(inArray(device.id, wanted));
      return new Map(rows.map((row) => [row.id, row.ownerId]));
    },

    /** Signs every TV of the owner out (password change or reset, sign-out everywhere). */
    async revokeAllOfOwner(ownerId: string): Promise<void> {
      await db.delete(deviceGrant).where(eq(deviceGrant.ownerId, ownerId));
      await db
        .update(device)
        .set({
          tokenHash: null,
          tokenExpiresAt: null,
          previousTokenHash: null,
          previousTokenExpiresAt: null,
          updatedAt: new Date(),
        })
        .where(eq(device.ownerId, ownerId));
    },

    /** Stores a pairing grant (only its hash). */
    async insertGrant(values: {
      ownerId: string;
      tokenHash: string;
      userAgent: string | null;
      ipAddress: string | null;
      expiresAt: Date;
    }): Promise<void> {
      // Expired grants of anyone go with each new one: no job needed to sweep them.
      await db.delete(deviceGrant).where(lt(deviceGrant.expiresAt, new Date()));
      await db.insert(deviceGrant).values(values);
    },

    /** The live grant a token names. */
    async findGrantByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ id: deviceGrant.id, ownerId: deviceGrant.ownerId })
        .from(deviceGrant)
        .where(and(eq(deviceGrant.tokenHash, tokenHash), gt(deviceGrant.expiresAt, new Date())));
      return row;
    },

    /** Spends a grant; false when it was spent already (two registrations raced). */
    async deleteGrant(id: string): Promise<boolean> {
      const rows = await db
        .delete(deviceGrant)
        .where(eq(deviceGrant.id, id))
        .returning({ id: deviceGrant.id });
      return rows.length > 0;
    },

    async findById(ownerId: string, id: string) {
      const [row] = await db
        .select()
        .from(device)
        .where(and(eq(device.ownerId, ownerId), eq(device.id, id)));
      return row;
    },

    async touch(id: string): Promise<void> {
      await db.update(device).set({ lastSeenAt: new Date() }).where(eq(device.id, id));
    },

    /** Signs the device out: its token stops working; the record stays for the next setup. */
    async revokeToken(id: string): Promise<void> {
      await db
        .update(device)
        .set({
          tokenHash: null,
          tokenExpiresAt: null,
          previousTokenHash: null,
          previousTokenExpiresAt: null,
          updatedAt: new Date(),
        })
        .where(eq(device.id, id));
    },
  };
}

export type TDevicesRepository = ReturnType<typeof createDevicesRepository>;

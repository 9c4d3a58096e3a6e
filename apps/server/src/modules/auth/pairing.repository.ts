import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { deviceCode, session } from '../../db/schema/index';
import { people } from '../me/people';

/** Queries of TV pairing beside Better Auth's own (issue 18 item 1). */
export function createPairingRepository(db: TDb) {
  return {
    /** Records what asked for a code: shown on /pair to the account that claims it. */
    async recordRequest(
      code: string,
      values: { userAgent: string | null; ip: string; at: Date },
    ): Promise<void> {
      await db
        .update(deviceCode)
        .set({
          requestedUserAgent: values.userAgent,
          requestedIp: values.ip,
          requestedAt: values.at,
        })
        .where(eq(deviceCode.deviceCode, code));
    },

    /** What asked for this device code, read before Better Auth deletes the redeemed code. */
    async findRequest(code: string) {
      const [row] = await db
        .select({ userAgent: deviceCode.requestedUserAgent, ip: deviceCode.requestedIp })
        .from(deviceCode)
        .where(eq(deviceCode.deviceCode, code));
      return row;
    },

    /** A code this user claimed on /pair (Better Auth stores it without the dash, upper case). */
    async findClaimed(userCode: string, userId: string) {
      const [row] = await db
        .select({
          userCode: deviceCode.userCode,
          clientId: deviceCode.clientId,
          userAgent: deviceCode.requestedUserAgent,
          ip: deviceCode.requestedIp,
          requestedAt: deviceCode.requestedAt,
          expiresAt: deviceCode.expiresAt,
        })
        .from(deviceCode)
        .where(and(eq(deviceCode.userCode, userCode), eq(deviceCode.userId, userId)));
      return row;
    },

    async findUser(id: string) {
      const [row] = await db
        .select({ email: people.email, name: people.name })
        .from(people)
        .where(eq(people.id, id));
      return row;
    },

    /**
     * Ends the session Better Auth made for an approved code and answers whose it was: the TV
     * gets a pairing grant instead. A plain delete: the session was never used, so no cache holds it.
     */
    async deleteSessionByToken(token: string): Promise<string | undefined> {
      const [row] = await db
        .delete(session)
        .where(eq(session.token, token))
        .returning({ userId: session.userId });
      return row?.userId;
    },
  };
}

export type TPairingRepository = ReturnType<typeof createPairingRepository>;

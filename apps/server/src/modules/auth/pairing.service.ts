import {
  normalizeUserCode,
  PAIRING_CLIENT_NAMES,
  type TDeviceToken,
  type TPairingRequest,
} from '@screenline/shared/pairing';
import { notFound } from '../../lib/app-error';
import type { TPrincipal } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import { platformOf } from '../player/platform-name';
import type { TPairingGrants } from '../player/pairing-grants';
import type { TPairingRepository } from './pairing.repository';

/**
 * TV pairing around Better Auth's device grant (issue 18 item 1): what asked for a code is
 * recorded and shown to the account that claims it, and an approved code gives the TV a pairing
 * grant (list the owner's ad spaces, set up this one TV) instead of the owner's session.
 */
export function createPairingService(
  repo: TPairingRepository,
  grants: TPairingGrants,
  access: TAccessPolicy,
) {
  return {
    recordCodeRequest: (
      deviceCode: string,
      from: { userAgent: string | null; ip: string },
    ): Promise<void> => repo.recordRequest(deviceCode, { ...from, at: new Date() }),

    findCodeRequest: (deviceCode: string) => repo.findRequest(deviceCode),

    /**
     * Replaces the session in an approved code's answer with a pairing grant. The session is
     * deleted before the TV sees anything: it never leaves the server. Null when the session is
     * gone (the owner signed out everywhere in between): the TV is told to pair again.
     */
    async exchangeSessionForGrant(
      sessionToken: string,
      from: { userAgent: string | null; ip: string | null } | undefined,
    ): Promise<TDeviceToken | null> {
      const ownerId = await repo.deleteSessionByToken(sessionToken);
      if (!ownerId) return null;
      const owner = await repo.findUser(ownerId);
      const grant = await grants.issue(ownerId, {
        userAgent: from?.userAgent ?? null,
        ipAddress: from?.ip ?? null,
      });
      return {
        access_token: grant.token,
        token_type: 'Bearer',
        expires_in: grant.expiresIn,
        scope: '',
        ...(owner ? { account_email: owner.email, account_name: owner.name } : {}),
      };
    },

    /** The TV behind a code the caller claimed on /pair; another account's code is a 404. */
    async describe(principal: TPrincipal | null, userCode: string): Promise<TPairingRequest> {
      const user = await access.requireAccess(principal, 'pairing.read');
      const row = await repo.findClaimed(normalizeUserCode(userCode), user.id);
      if (!row) throw notFound('That code');
      return {
        userCode: row.userCode,
        name: (row.clientId && PAIRING_CLIENT_NAMES[row.clientId]) ?? 'Unknown app',
        platform: platformOf(row.userAgent),
        ipAddress: row.ip,
        requestedAt: row.requestedAt?.toISOString() ?? null,
        expiresAt: row.expiresAt.toISOString(),
      };
    },
  };
}

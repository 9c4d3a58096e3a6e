import type { TMe, TUpdateMe } from '@screenline/shared/user';
import { AppError, notFound } from '../../lib/app-error';
import type { TPrincipal, TSessionUser } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TMeRepository } from './me.repository';
import type { TProfile } from './profile-directory';

const NO_PROFILE: TProfile = { role: null, isSU: false, company: '', phone: '' };

interface TMeServiceDeps {
  /** Tells the session cache that what it holds for this user is out of date. */
  onProfileChanged: (userId: string) => Promise<void>;
}

export function createMeService(
  repo: TMeRepository,
  access: TAccessPolicy,
  { onProfileChanged }: TMeServiceDeps,
) {
  /**
   * The signed-in user's own view, from the user and profile the session already read: the hot
   * path of every client's start-up reads each row once (docs/decisions.md, session cache).
   */
  async function getMe(principal: TPrincipal | null, profile: TProfile | null): Promise<TMe> {
    const user = await access.requireAccess(principal, 'profile.read');
    if (!profile) {
      // Accounts made before profiles existed (or by a hook that failed) get one now.
      await repo.ensureProfile(user.id);
      await onProfileChanged(user.id);
    }
    return toMe(user, profile ?? NO_PROFILE);
  }

  async function updateMe(principal: TPrincipal | null, changes: TUpdateMe): Promise<TMe> {
    const actor = await access.requireAccess(principal, 'profile.update');
    await repo.ensureProfile(actor.id);
    const done = await repo.updateProfile(actor.id, changes);
    if (!done) {
      throw new AppError(
        'role-already-set',
        'Your role is already set. Ask a super-user to change it.',
      );
    }
    await onProfileChanged(actor.id);
    // Read back what was written: the answer shows the stored state, not the request's.
    const row = await repo.findUserWithProfile(actor.id);
    if (!row) throw notFound('Your account');
    return toMe(row.user, row.profile ?? NO_PROFILE);
  }

  return { getMe, updateMe };
}

function toMe(user: TSessionUser, profile: TProfile): TMe {
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: profile.role,
    isSU: profile.isSU,
    twoFactorEnabled: user.twoFactorEnabled,
    name: user.name,
    company: profile.company,
    phone: profile.phone,
    createdAt: user.createdAt.toISOString(),
  };
}

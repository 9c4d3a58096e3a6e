import type { TMe, TUpdateMe } from '@screenline/shared/user';
import { AppError, notFound } from '../../lib/app-error';
import type { TPrincipal } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TMeRepository } from './me.repository';

export function createMeService(repo: TMeRepository, access: TAccessPolicy) {
  async function getMe(principal: TPrincipal | null): Promise<TMe> {
    const actor = await access.requireAccess(principal, 'profile.read');
    let row = await repo.findUserWithProfile(actor.id);
    if (row && !row.profile) {
      // Accounts made before profiles existed (or by a hook that failed) get one now.
      await repo.ensureProfile(actor.id);
      row = await repo.findUserWithProfile(actor.id);
    }
    if (!row) throw notFound('Your account');
    return {
      uid: row.user.id,
      email: row.user.email,
      emailVerified: row.user.emailVerified,
      role: row.profile?.role ?? null,
      isSU: row.profile?.isSU ?? false,
      name: row.user.name,
      company: row.profile?.company ?? '',
      phone: row.profile?.phone ?? '',
      createdAt: row.user.createdAt.toISOString(),
    };
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
    return getMe(actor);
  }

  return { getMe, updateMe };
}

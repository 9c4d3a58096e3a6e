import { describe, expect, it } from 'vitest';
import type { TActor, TDeviceActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { createAccessPolicy } from './access-policy';

const user = (overrides: Partial<TActor> = {}): TActor => ({
  kind: 'user',
  id: 'ann',
  email: 'ann@example.com',
  emailVerified: true,
  name: 'Ann',
  createdAt: new Date(0),
  role: 'advertiser',
  isSU: false,
  twoFactorEnabled: true,
  ...overrides,
});
const device: TDeviceActor = { kind: 'device', id: 'tv-1', ownerId: 'ann', adSpaceId: 'space-1' };

/** A policy whose content lookup knows three items and counts its calls. */
function policyWithContent() {
  const owners = new Map([
    ['a1', 'ann'],
    ['a2', 'ann'],
    ['b1', 'ben'],
  ]);
  const calls: string[][] = [];
  const access = createAccessPolicy();
  access.registerOwnerLookup('content', async (ids) => {
    calls.push([...ids]);
    return new Map(ids.flatMap((id) => (owners.has(id) ? [[id, owners.get(id)!]] : [])));
  });
  return { access, calls };
}

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
    return { status: 200, message: '' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

describe('access policy', () => {
  it('answers 401 to anonymous callers before anything else', async () => {
    const { access, calls } = policyWithContent();
    for (const principal of [null, undefined]) {
      expect((await statusOf(access.requireAccess(principal, 'content.read', ['a1']))).status).toBe(
        401,
      );
      expect((await statusOf(access.requireAccess(principal, 'profile.read'))).status).toBe(401);
    }
    expect(calls).toEqual([]);
  });

  it('answers 403 with a clear sentence to a principal the permission does not admit', async () => {
    const { access } = policyWithContent();
    expect(await statusOf(access.requireAccess(user(), 'analytics.read-all'))).toEqual({
      status: 403,
      message: 'Only super-users can do this.',
    });
    expect(await statusOf(access.requireAccess(device, 'analytics.read-all'))).toEqual({
      status: 403,
      message: 'A TV cannot do this.',
    });
    expect(await statusOf(access.requireAccess(device, 'content.delete', ['a1']))).toEqual({
      status: 403,
      message: 'A TV cannot do this.',
    });
    expect(await statusOf(access.requireAccess(device, 'profile.update'))).toMatchObject({
      status: 403,
    });
    expect(
      (await statusOf(access.requireAccess(user({ isSU: true }), 'analytics.read-all'))).status,
    ).toBe(200);
  });

  it('admits users with or without a role to their own library', async () => {
    const { access } = policyWithContent();
    for (const role of ['advertiser', 'publisher', null] as const) {
      const actor = await access.requireAccess(user({ role }), 'content.update', ['a1']);
      expect(actor.kind).toBe('user');
    }
  });

  it('checks many ids in one lookup and answers 404 for foreign and unknown ids alike', async () => {
    const { access, calls } = policyWithContent();
    expect(
      (await statusOf(access.requireAccess(user(), 'content.read', ['a1', 'a2', 'a1']))).status,
    ).toBe(200);
    expect(calls).toEqual([['a1', 'a2']]);

    const foreign = await statusOf(access.requireAccess(user(), 'content.read', ['b1']));
    const unknown = await statusOf(access.requireAccess(user(), 'content.read', ['zz']));
    expect(foreign).toEqual({ status: 404, message: 'That content item was not found.' });
    expect(unknown).toEqual(foreign);

    // One foreign id among owned ones refuses the whole request.
    const mixed = access.requireAccess(user(), 'content.delete', ['a1', 'b1', 'a2']);
    await expect(mixed).rejects.toMatchObject({ statusCode: 404, details: { ids: ['b1'] } });
  });

  it('lets a TV read its owner’s content only', async () => {
    const { access } = policyWithContent();
    expect(await access.requireAccess(device, 'content.read', ['a1', 'a2'])).toBe(device);
    expect((await statusOf(access.requireAccess(device, 'content.read', ['b1']))).status).toBe(404);
    const bens = { ...device, ownerId: 'ben' };
    expect((await statusOf(access.requireAccess(bens, 'content.read', ['a1']))).status).toBe(404);
  });

  it('lets a TV reach its own ad space only, not its owner’s others', async () => {
    const access = createAccessPolicy();
    const owners = new Map([
      ['space-1', 'ann'],
      ['space-2', 'ann'],
      ['space-9', 'ben'],
    ]);
    access.registerOwnerLookup('adSpace', async (ids) => {
      return new Map(ids.flatMap((id) => (owners.has(id) ? [[id, owners.get(id)!]] : [])));
    });
    expect(await access.requireAccess(device, 'player.adSpace.read', ['space-1'])).toBe(device);
    const sibling = await statusOf(
      access.requireAccess(device, 'player.adSpace.read', ['space-2']),
    );
    expect(sibling).toEqual({ status: 404, message: 'That ad space was not found.' });
    const foreign = { ...device, ownerId: 'ben', adSpaceId: 'space-1' };
    expect(
      (await statusOf(access.requireAccess(foreign, 'player.adSpace.read', ['space-1']))).status,
    ).toBe(404);
    // The owner, signed in, reaches both; a user is never let in as a TV.
    expect(
      await access.requireAccess(user(), 'player.device.register', ['space-1', 'space-2']),
    ).toMatchObject({ id: 'ann' });
    expect(
      await statusOf(access.requireAccess(user(), 'player.adSpace.read', ['space-1'])),
    ).toEqual({ status: 403, message: 'Only a TV can do this.' });
  });

  it('lets super-users past a role check only where the rule says so', async () => {
    const { access } = policyWithContent();
    const admin = user({ isSU: true, role: 'advertiser' });
    const buyer = user({ role: 'publisher' });
    const owner = user({ role: 'advertiser' });
    expect((await statusOf(access.requireAccess(buyer, 'marketplace.adSpaces.list'))).status).toBe(
      200,
    );
    expect((await statusOf(access.requireAccess(admin, 'marketplace.adSpaces.list'))).status).toBe(
      200,
    );
    expect((await statusOf(access.requireAccess(owner, 'marketplace.adSpaces.list'))).status).toBe(
      403,
    );
    // Without the flag, a super-user of the other role is refused like anyone else.
    expect((await statusOf(access.requireAccess(admin, 'campaign.list'))).status).toBe(403);
  });

  it('admits a super-user as such only with two-factor sign-in on (issue 18 item 4)', async () => {
    const { access } = policyWithContent();
    const admin = user({ isSU: true, role: 'advertiser', twoFactorEnabled: false });
    await expect(access.requireAccess(admin, 'admin.payouts.review')).rejects.toMatchObject({
      code: 'two-factor-required',
      statusCode: 403,
    });
    // Without a role, only "super-users too" would have admitted them.
    await expect(
      access.requireAccess({ ...admin, role: null }, 'marketplace.adSpaces.list'),
    ).rejects.toMatchObject({ code: 'two-factor-required' });
    // What their role admits anyway stays open, and a non-super-user still gets `forbidden`.
    const buyingSU = user({ isSU: true, role: 'publisher', twoFactorEnabled: false });
    expect((await statusOf(access.requireAccess(buyingSU, 'campaign.create'))).status).toBe(200);
    await expect(
      access.requireAccess(user({ twoFactorEnabled: false }), 'admin.payouts.review'),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('does not let a super-user past ownership: admin work gets its own permissions', async () => {
    const { access } = policyWithContent();
    const su = user({ id: 'sue', isSU: true });
    expect((await statusOf(access.requireAccess(su, 'content.read', ['a1']))).status).toBe(404);
  });

  it('refuses a resource with no registered lookup, and a second lookup for one resource', async () => {
    const bare = createAccessPolicy();
    await expect(bare.requireAccess(user(), 'content.read', ['a1'])).rejects.toThrow(
      /No owner lookup/,
    );
    const { access } = policyWithContent();
    expect(() => access.registerOwnerLookup('content', async () => new Map())).toThrow();
  });
});

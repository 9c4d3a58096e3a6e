// What the campaigns module's API tests (modules/campaigns/campaigns-*.test.ts) share: the app on
// one backend with two publishers (the buyer and another), a screen owner with one monetized ad
// space and one whose request is pending, a super-user with two-factor sign-in on, made before a
// file's tests and closed after; and shorthands to draft, move, decide and fund campaigns.
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { ZCampaign, type TCampaign, type TCreateCampaign } from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import { ZApiError } from '@screenline/shared/errors';
import { monetizationRequest } from '../src/db/schema/index';
import { EXTERNAL_ACCOUNT_ID, transfer, walletAccountId } from '../src/modules/ledger/ledger';
import { createMeRepository } from '../src/modules/me/me.repository';
import { campaignsRepository } from '../src/modules/campaigns/campaigns.repository';
import { createTestApp, withTwoFactor, type TBackend, type TTestApp } from './harness';
import { addContent, insertAdSpace, signUpScreenOwner } from './screen-rows';
import { signUpForStorage, type TStorageUser } from './storage-helpers';

const DAY_MS = 86_400_000;

/** The UTC calendar day `offsetDays` from today, as YYYY-MM-DD. */
export const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

export const codeOf = (res: { json: () => unknown }) => ZApiError.parse(res.json()).error.code;

interface TCampaignsWorld {
  t: TTestApp;
  buyer: TStorageUser;
  otherBuyer: TStorageUser;
  owner: TStorageUser;
  admin: { cookie: string };
  poster: TContentItem;
  othersPoster: TContentItem;
  /** An ad space whose monetization is approved (Springfield, retail, landscape). */
  monetized: string;
  /** One whose request is still pending: never offered, never targeted. */
  unapproved: string;
}

/** Registers the app's setup and teardown in the calling `describe`; read its people in tests. */
export function useCampaignsApp(backend: TBackend) {
  let world: TCampaignsWorld | undefined;
  beforeAll(async () => {
    const t = await createTestApp(backend);
    const [buyer, otherBuyer, owner] = [
      await signUpForStorage(t),
      await signUpForStorage(t),
      await signUpScreenOwner(t),
    ];
    for (const user of [buyer, otherBuyer]) {
      const res = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie: user.cookie,
        payload: { role: 'publisher' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const su = await t.signUp();
    await createMeRepository(t.app.deps.db).setSuperUser(su.email, true);
    // Super-users act as such with two-factor sign-in on (issue 18 item 4).
    const admin = await withTwoFactor(t, su);
    const poster = await addContent(t, buyer, 'image', 'Spring poster');
    const othersPoster = await addContent(t, otherBuyer, 'image', 'Other poster');
    const monetized = await insertAdSpace(t, owner.userId, { name: 'Monetized window' });
    const unapproved = await insertAdSpace(t, owner.userId, { name: 'Unapproved window' });
    await t.app.deps.db.insert(monetizationRequest).values([
      { adSpaceId: monetized, ownerId: owner.userId, floorMicrosPerSecond: 500, state: 'approved' },
      { adSpaceId: unapproved, ownerId: owner.userId, floorMicrosPerSecond: 500 },
    ]);
    world = { t, buyer, otherBuyer, owner, admin, poster, othersPoster, monetized, unapproved };
  });
  afterAll(() => world?.t.close());

  const made = (): TCampaignsWorld => {
    if (!world) throw new Error('the campaigns app is made in beforeAll');
    return world;
  };

  const input = (overrides: Partial<TCreateCampaign> = {}): TCreateCampaign => ({
    name: 'Spring sale',
    creativeIds: [made().poster.id],
    targeting: {},
    startDate: utcDay(-1),
    endDate: utcDay(30),
    dayparts: [],
    bidMicrosPerSecond: 1_000,
    budgetMicros: 5_000_000,
    category: 'retail-shopping',
    ...overrides,
  });

  const create = (payload: object, cookie = made().buyer.cookie) =>
    made().t.request({ method: 'POST', url: '/api/v1/campaigns', cookie, payload });

  async function draft(overrides: Partial<TCreateCampaign> = {}): Promise<TCampaign> {
    const res = await create(input(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return ZCampaign.parse(res.json());
  }

  const act = (id: string, move: string, headers: Record<string, string> = {}) =>
    made().t.request({
      method: 'POST',
      url: `/api/v1/campaigns/${id}/${move}`,
      cookie: made().buyer.cookie,
      headers,
    });

  const decide = (id: string, decision: 'approve' | 'reject', key = crypto.randomUUID()) =>
    made().t.request({
      method: 'POST',
      url: `/api/v1/admin/campaigns/${id}/${decision}`,
      cookie: made().admin.cookie,
      headers: { 'idempotency-key': key },
      ...(decision === 'reject' ? { payload: { reason: 'The <b>logo</b> is cut off.' } } : {}),
    });

  const view = async (id: string) => {
    const res = await made().t.request({
      method: 'GET',
      url: `/api/v1/campaigns/${id}`,
      cookie: made().buyer.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZCampaign.parse(res.json());
  };

  const wallet = (userId: string) =>
    campaignsRepository.walletBalance(made().t.app.deps.db, userId);

  /** Money into the buyer's wallet, as an approved top-up puts it there. */
  async function fund(userId: string, amountMicros: number) {
    await made().t.app.deps.db.transaction(async (tx) => {
      await transfer(tx, {
        kind: 'top-up',
        description: 'Test top-up',
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -amountMicros },
          { accountId: await walletAccountId(tx, userId), amountMicros },
        ],
      });
    });
  }

  /** A submitted campaign, approved with money the test puts in the wallet first. */
  async function approved(overrides: Partial<TCreateCampaign> = {}): Promise<TCampaign> {
    const submitted = await draft(overrides);
    expect((await act(submitted.id, 'submit')).statusCode).toBe(200);
    await fund(made().buyer.userId, submitted.budgetMicros);
    const res = await decide(submitted.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    return ZCampaign.parse(res.json());
  }

  return {
    get t() {
      return made().t;
    },
    get buyer() {
      return made().buyer;
    },
    get otherBuyer() {
      return made().otherBuyer;
    },
    get owner() {
      return made().owner;
    },
    get admin() {
      return made().admin;
    },
    get poster() {
      return made().poster;
    },
    get othersPoster() {
      return made().othersPoster;
    },
    get monetized() {
      return made().monetized;
    },
    get unapproved() {
      return made().unapproved;
    },
    input,
    create,
    draft,
    act,
    decide,
    view,
    wallet,
    fund,
    approved,
  };
}

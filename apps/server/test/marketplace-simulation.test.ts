import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import { chargeMicros } from '@screenline/shared/platform-settings';
import {
  type TImpression,
  ZDeviceRegistration,
  ZImpressionBatchResult,
} from '@screenline/shared/player';
import { ZTopUp } from '@screenline/shared/wallet';
import { ZCampaign } from '@screenline/shared/campaign';
import {
  campaign,
  impression,
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
} from '../src/db/schema/index';
import { rowsOf } from '../src/db/rows';
import { auditLedger, PLATFORM_REVENUE_ACCOUNT_ID } from '../src/modules/ledger/ledger';
import { createMeRepository } from '../src/modules/me/me.repository';
import { approveMonetization } from './fill-rows';
import { BACKENDS, createTestApp, type TTestApp } from './harness';
import { IBAN } from './money-helpers';
import { addContent, insertAdSpace, signUpScreenOwner } from './screen-rows';
import { seededRandom, signUpForStorage, type TStorageUser } from './storage-helpers';

/**
 * The marketplace's money under a seeded simulation (issue 9, "Tests it includes"). Each seed
 * plays one random story through the real routes: top-ups approved, rejected, approved twice at
 * once or replayed; a campaign made, submitted and approved (or refused for want of funds), maybe
 * canceled halfway; its plays sent by the TV in batches duplicated, out of order, and with
 * crashes: a trigger makes the database abort the request's transaction at a chosen table, as a
 * server killed mid-request would, and the client sends again. After every seed: money is
 * neither lost nor created (each buyer's wallet + holds + spend = what was credited to them), no
 * campaign is charged over its budget or above seconds × bid, every accepted play is stored and
 * billed once, and the holds' debits are exactly the plays' charges. The ledger audit runs every
 * 100 seeds and when the file ends.
 *
 * SIM_SEEDS sets the number of seeds: 1,000 by default, on PostgreSQL when the run reaches it
 * (where requests really run at once) and a fifth of them on the embedded database; on the
 * embedded database alone, all of them there.
 */

const EUR = 1_000_000;
const SEEDS = Number(process.env.SIM_SEEDS ?? 1000);
const seedsFor = (backend: string) =>
  backend === 'postgres' || !BACKENDS.includes('postgres')
    ? SEEDS
    : Math.max(1, Math.round(SEEDS / 5));

const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });

/** Makes the next writes to `table` fail inside their transaction until `heal()`. */
const FAULTS_SQL = [
  sql`create table if not exists sim_fault (target text primary key)`,
  sql`create or replace function sim_fault_check() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from sim_fault where target = TG_TABLE_NAME) then
        raise exception 'simulated crash while writing %', TG_TABLE_NAME;
      end if;
      return new;
    end $$`,
  sql`create trigger sim_fault_impression before insert on impression
    for each row execute function sim_fault_check()`,
  sql`create trigger sim_fault_ledger before insert on ledger_entry
    for each row execute function sim_fault_check()`,
];

type TRandom = () => number;
const pick = <T>(random: TRandom, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const between = (random: TRandom, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));
function shuffle<T>(random: TRandom, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

describe.each(BACKENDS)('the marketplace under a seeded simulation on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string };
  let owner: TStorageUser;
  let adSpaceId: string;
  let tv: { token: string; deviceId: string };
  let sequence = 0;
  const buyers: { user: TStorageUser; creative: TContentItem; credited: number }[] = [];
  const floor = 400;

  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  const db = () => t.app.deps.db;

  async function crashAt(table: 'impression' | 'ledger_entry', work: () => Promise<number>) {
    await db().execute(sql`insert into sim_fault values (${table})`);
    try {
      return await work();
    } finally {
      await db().execute(sql`delete from sim_fault`);
    }
  }

  beforeAll(async () => {
    t = await createTestApp(backend, { LOG_LEVEL: 'fatal' }, { logStream: quiet });
    for (const statement of FAULTS_SQL) await db().execute(statement);
    owner = await signUpScreenOwner(t);
    const su = await t.signUp();
    await createMeRepository(db()).setSuperUser(su.email, true);
    admin = su;
    adSpaceId = await insertAdSpace(t, owner.userId, { name: 'Simulated window' });
    await approveMonetization(t, { adSpaceId, ownerId: owner.userId }, floor);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: `simulation-device-${backend}`,
        adSpaceId,
        userAgent: 'Simulation',
        appVersion: '0.0.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    tv = ZDeviceRegistration.parse(res.json());
    for (let i = 0; i < 3; i += 1) {
      const user = await signUpForStorage(t);
      const role = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie: user.cookie,
        payload: { role: 'publisher' },
      });
      expect(role.statusCode, role.body).toBe(200);
      buyers.push({
        user,
        creative: await addContent(t, user, 'image', `Poster ${i}`),
        credited: 0,
      });
    }
  });
  afterAll(() => t.close());

  /** A top-up of the buyer's, then a decision told by the story; answers what was credited. */
  async function topUpStory(random: TRandom, buyer: (typeof buyers)[number]): Promise<void> {
    const amountMicros = between(random, 10, 60) * EUR + between(random, 0, 999_999);
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      cookie: buyer.user.cookie,
      headers: key(),
      payload: { amountMicros, reference: `SIM-${amountMicros}` },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = ZTopUp.parse(made.json());
    const approve = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/api/v1/admin/top-ups/${id}/approve`,
        cookie: admin.cookie,
        headers,
      });
    const story = pick(random, ['approve', 'replay', 'race', 'crash', 'reject'] as const);
    if (story === 'reject') {
      const res = await t.request({
        method: 'POST',
        url: `/api/v1/admin/top-ups/${id}/reject`,
        cookie: admin.cookie,
        headers: key(),
        payload: { reason: 'The transfer has not arrived.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    if (story === 'race') {
      const answers = await Promise.all([approve(key()), approve(key()), approve(key())]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    } else if (story === 'replay') {
      const headers = key();
      const first = await approve(headers);
      const again = await approve(headers);
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.headers['idempotent-replayed']).toBe('true');
    } else {
      if (story === 'crash') {
        const crashed = await crashAt(
          'ledger_entry',
          async () => (await approve(key())).statusCode,
        );
        expect(crashed).toBe(500);
      }
      const res = await approve(key());
      expect(res.statusCode, res.body).toBe(200);
    }
    buyer.credited += amountMicros;
  }

  async function cancel(random: TRandom, campaignId: string, cookie: string): Promise<void> {
    const send = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/api/v1/campaigns/${campaignId}/cancel`,
        cookie,
        headers,
      });
    if (random() < 0.3) {
      const crashed = await crashAt('ledger_entry', async () => (await send(key())).statusCode);
      expect(crashed).toBe(500);
    }
    const headers = key();
    const res = await send(headers);
    expect(res.statusCode, res.body).toBe(200);
    if (random() < 0.5) expect((await send(headers)).headers['idempotent-replayed']).toBe('true');
  }

  /** The plays of one campaign, sent as a TV does on a bad day; answers their ids. */
  async function playStory(
    random: TRandom,
    campaignId: string,
    creativeId: string,
    onHalfway: () => Promise<void>,
  ): Promise<TImpression[]> {
    const plays: TImpression[] = Array.from({ length: between(random, 1, 12) }, () => {
      sequence += 1;
      return {
        id: crypto.randomUUID(),
        sequence,
        startedAt: new Date(Date.now() - between(random, 0, 3_600_000)).toISOString(),
        shownMs: between(random, 0, 30_000),
        endReason: random() < 0.1 ? 'failed' : 'completed',
        adSpaceId,
        playlistId: null,
        playlistVersion: null,
        itemId: 'slot',
        contentId: creativeId,
        campaignId,
        creativeId,
      };
    });
    // Batches that overlap and repeat, in any order.
    const deliveries: TImpression[][] = [];
    for (let start = 0; start < plays.length;) {
      const size = between(random, 1, 5);
      deliveries.push(plays.slice(start, start + size));
      if (random() < 0.3) deliveries.push(plays.slice(Math.max(0, start - 1), start + size));
      start += size;
    }
    shuffle(random, deliveries);
    const halfway = Math.floor(deliveries.length / 2);
    const send = (batch: TImpression[]) =>
      t.request({
        method: 'POST',
        url: '/api/v1/player/impressions',
        headers: { authorization: `Bearer ${tv.token}` },
        payload: { impressions: batch },
      });
    for (const [index, batch] of deliveries.entries()) {
      if (index === halfway) await onHalfway();
      if (random() < 0.2) {
        const crashed = await crashAt('impression', async () => (await send(batch)).statusCode);
        expect(crashed).toBe(500);
      }
      const res = await send(batch);
      expect(res.statusCode, res.body).toBe(200);
      expect(ZImpressionBatchResult.parse(res.json()).accepted.sort()).toEqual(
        batch.map((play) => play.id).sort(),
      );
    }
    return plays;
  }

  async function checkCampaign(
    campaignId: string,
    plays: TImpression[],
    bid: number,
    budget: number,
    wasApproved: boolean,
  ) {
    const stored = await db()
      .select({ id: impression.id, billed: impression.billedMicros })
      .from(impression)
      .where(eq(impression.campaignId, campaignId));
    // Every accepted play is stored once.
    expect(stored.map((row) => row.id).sort()).toEqual(plays.map((play) => play.id).sort());
    const byId = new Map(plays.map((play) => [play.id, play]));
    let billed = 0;
    for (const row of stored) {
      const play = byId.get(row.id)!;
      expect(row.billed).toBeGreaterThanOrEqual(0);
      expect(row.billed).toBeLessThanOrEqual(
        play.endReason === 'failed' ? 0 : chargeMicros(play.shownMs, bid),
      );
      billed += row.billed;
    }
    expect(billed).toBeLessThanOrEqual(budget);
    if (!wasApproved) expect(billed).toBe(0);
    // What the hold paid out for plays is exactly what the plays were billed.
    const [debits] = rowsOf<{ total: string }>(
      await db().execute(sql`
        select coalesce(-sum(e.amount_micros), 0)::text as total
        from ${ledgerEntry} e
        join ${ledgerTransaction} tr on tr.id = e.transaction_id
        join ${ledgerAccount} a on a.id = e.account_id
        where tr.kind = 'impression-charge' and a.kind = 'campaign-hold'
          and a.campaign_id = ${campaignId}`),
    );
    expect(Number(debits?.total ?? 0)).toBe(billed);
    return billed;
  }

  /** Each buyer: wallet + holds + everything their campaigns were billed = what they were credited. */
  async function checkBuyers() {
    for (const buyer of buyers) {
      const [row] = rowsOf<{ wallet: string; holds: string; spent: string }>(
        await db().execute(sql`
          select
            coalesce((select balance_micros from ${ledgerAccount}
              where kind = 'wallet' and user_id = ${buyer.user.userId}), 0)::text as wallet,
            coalesce((select sum(a.balance_micros) from ${ledgerAccount} a
              join ${campaign} c on c.id = a.campaign_id
              where c.owner_id = ${buyer.user.userId}), 0)::text as holds,
            coalesce((select sum(i.billed_micros) from ${impression} i
              join ${campaign} c on c.id = i.campaign_id
              where c.owner_id = ${buyer.user.userId}), 0)::text as spent`),
      );
      expect(Number(row?.wallet) + Number(row?.holds) + Number(row?.spent)).toBe(buyer.credited);
    }
    // The owner and the platform got exactly what buyers were billed.
    const [split] = rowsOf<{ owner: string; platform: string; billed: string }>(
      await db().execute(sql`
        select
          coalesce((select balance_micros from ${ledgerAccount}
            where kind = 'wallet' and user_id = ${owner.userId}), 0)::text as owner,
          (select balance_micros from ${ledgerAccount}
            where id = ${PLATFORM_REVENUE_ACCOUNT_ID})::text as platform,
          coalesce((select sum(billed_micros) from ${impression}), 0)::text as billed`),
    );
    expect(Number(split?.owner) + Number(split?.platform)).toBe(Number(split?.billed));
  }

  it(`keeps every amount exact over ${seedsFor(backend)} seeded stories`, async () => {
    const seeds = seedsFor(backend);
    for (let seed = 1; seed <= seeds; seed += 1) {
      const random = seededRandom(seed * 7919 + (backend === 'pglite' ? 0 : 1));
      const buyer = buyers[seed % buyers.length]!;
      try {
        for (let i = between(random, 0, 2); i > 0; i -= 1) await topUpStory(random, buyer);
        const bid = between(random, floor, 5_000);
        const budget = between(random, 1, 40) * EUR + between(random, 0, 999);
        const made = await t.request({
          method: 'POST',
          url: '/api/v1/campaigns',
          cookie: buyer.user.cookie,
          payload: {
            name: `Story ${seed}`,
            creativeIds: [buyer.creative.id],
            targeting: { adSpaceIds: [adSpaceId] },
            startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
            endDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
            dayparts: [],
            bidMicrosPerSecond: bid,
            budgetMicros: budget,
          },
        });
        expect(made.statusCode, made.body).toBe(201);
        const campaignId = ZCampaign.parse(made.json()).id;
        const submitted = await t.request({
          method: 'POST',
          url: `/api/v1/campaigns/${campaignId}/submit`,
          cookie: buyer.user.cookie,
        });
        expect(submitted.statusCode, submitted.body).toBe(200);
        const approve = () =>
          t.request({
            method: 'POST',
            url: `/api/v1/admin/campaigns/${campaignId}/approve`,
            cookie: admin.cookie,
            headers: key(),
          });
        if (random() < 0.2) {
          const crashed = await crashAt('ledger_entry', async () => (await approve()).statusCode);
          expect(crashed).toBe(500);
        }
        const approval = await approve();
        expect([200, 409], approval.body).toContain(approval.statusCode);
        const wasApproved = approval.statusCode === 200;
        if (!wasApproved)
          expect(approval.json()).toMatchObject({ error: { code: 'insufficient-funds' } });
        let canceled = false;
        const plays = await playStory(random, campaignId, buyer.creative.id, async () => {
          if (wasApproved && random() < 0.3) {
            await cancel(random, campaignId, buyer.user.cookie);
            canceled = true;
          }
        });
        const billed = await checkCampaign(campaignId, plays, bid, budget, wasApproved);
        const [hold] = await db()
          .select({ balance: ledgerAccount.balanceMicros })
          .from(ledgerAccount)
          .where(eq(ledgerAccount.campaignId, campaignId));
        expect(hold?.balance ?? 0).toBe(wasApproved && !canceled ? budget - billed : 0);
        await checkBuyers();
        if (seed % 100 === 0) expect((await auditLedger(db())).problems).toEqual([]);
      } catch (error) {
        throw new Error(`Seed ${seed} broke the marketplace's money: ${String(error)}`, {
          cause: error,
        });
      }
    }
    expect(await auditLedger(db())).toMatchObject({ balanced: true, problems: [] });
  }, 900_000);

  it('never overdraws a wallet when payouts race a campaign approval for the same money', async () => {
    // A screen owner who also ran a campaign (its row made directly: the roles keep the two
    // apart in the API) asks for payouts while a super-user approves the campaign.
    const earner = await signUpScreenOwner(t);
    const fundedId = await (async () => {
      const made = await t.request({
        method: 'POST',
        url: '/api/v1/wallet/top-ups',
        cookie: earner.cookie,
        headers: key(),
        payload: { amountMicros: 100 * EUR, reference: 'SIM-RACE' },
      });
      return ZTopUp.parse(made.json()).id;
    })();
    const credited = await t.request({
      method: 'POST',
      url: `/api/v1/admin/top-ups/${fundedId}/approve`,
      cookie: admin.cookie,
      headers: key(),
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const [row] = await db()
      .insert(campaign)
      .values({
        ownerId: earner.userId,
        name: 'Racing',
        creativeIds: [buyers[0]!.creative.id],
        targeting: { adSpaceIds: [adSpaceId] },
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        bidMicrosPerSecond: 1000,
        budgetMicros: 70 * EUR,
        state: 'pending',
      })
      .returning({ id: campaign.id });
    const answers = await Promise.all([
      t.request({
        method: 'POST',
        url: `/api/v1/admin/campaigns/${row!.id}/approve`,
        cookie: admin.cookie,
        headers: key(),
      }),
      ...Array.from({ length: 4 }, () =>
        t.request({
          method: 'POST',
          url: '/api/v1/wallet/payouts',
          cookie: earner.cookie,
          headers: key(),
          payload: {
            amountMicros: 40 * EUR,
            destination: { accountHolder: 'Ada Owner', iban: IBAN },
          },
        }),
      ),
    ]);
    const approved = answers[0]?.statusCode === 200 ? 70 * EUR : 0;
    const paidOut = answers.slice(1).filter((res) => res.statusCode === 201).length * 40 * EUR;
    for (const res of answers) expect([200, 201, 409], res.body).toContain(res.statusCode);
    expect(approved + paidOut).toBeLessThanOrEqual(100 * EUR);
    const [wallet] = await db()
      .select({ balance: ledgerAccount.balanceMicros })
      .from(ledgerAccount)
      .where(and(eq(ledgerAccount.kind, 'wallet'), eq(ledgerAccount.userId, earner.userId)));
    expect(wallet?.balance).toBe(100 * EUR - approved - paidOut);
    const holds = await db()
      .select({ balance: ledgerAccount.balanceMicros })
      .from(ledgerAccount)
      .where(inArray(ledgerAccount.kind, ['campaign-hold', 'payout-hold']));
    expect(holds.every((hold) => hold.balance >= 0)).toBe(true);
  });
});

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matchesTargeting,
  type TCampaignTargeting,
  type TTargetable,
} from '@screenline/shared/campaign';
import { rowsOf } from '../../db/rows';
import { campaign } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { cityKey, spaceTargetKeys } from '../../lib/target-keys';

/** Cities written as buyers and owners might, with the characters that lower-case oddly. */
const CITIES = [
  'Berlin',
  'BERLIN',
  ' berlin\t',
  'München',
  'MÜNCHEN',
  'İstanbul',
  'i\u0307stanbul',
  'ISTANBUL',
  'istanbul',
  '\u212Aiel',
  'Kiel',
  'Москва',
  'москва',
  'São Paulo',
  'SAO PAULO',
  'Bad Kissingen',
  'Zürich 2',
];

describe('the live-campaign index keys', () => {
  it('gives every character but A-Z, a-z and 0-9 no part in a city key', () => {
    // What the SQL function relies on (it folds A-Z only): whatever the other characters
    // lower-case to in JavaScript is dropped.
    const kept: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp += 1) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const key = cityKey(String.fromCodePoint(cp));
      if (key !== 'city:') kept.push(`U+${cp.toString(16)} → ${key}`);
    }
    expect(kept).toEqual([]);
    expect(cityKey('Bad Kissingen 2')).toBe('city:badssngen2');
  });

  it('keys cities that match alike', () => {
    for (const a of CITIES)
      for (const b of CITIES) {
        const space: TTargetable = {
          adSpaceId: 'x',
          city: b,
          venueType: 'retail',
          orientation: 'landscape',
        };
        if (matchesTargeting(space, { cities: [a] })) expect(cityKey(a)).toBe(cityKey(b));
      }
  });
});

describe.each(BACKENDS)('the live-campaign index on %s', (backend) => {
  let t: TTestApp;
  let ownerId: string;
  const campaigns: Array<{ id: string; targeting: TCampaignTargeting; isLive: boolean }> = [];
  const spaceIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];

  async function insert(
    targeting: TCampaignTargeting,
    state: 'approved' | 'paused' | 'pending' | 'completed' = 'approved',
  ) {
    const [row] = await t.app.deps.db
      .insert(campaign)
      .values({
        ownerId,
        name: 'Index test',
        creativeIds: [crypto.randomUUID()],
        targeting,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        bidMicrosPerSecond: 1000,
        budgetMicros: 1_000_000,
        state,
      })
      .returning({ id: campaign.id });
    if (!row) throw new Error('no campaign inserted');
    campaigns.push({ id: row.id, targeting, isLive: state === 'approved' || state === 'paused' });
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    ownerId = (await t.signUp()).userId;
    for (const id of spaceIds) await insert({ adSpaceIds: [id] });
    await insert({ adSpaceIds: [spaceIds[0] ?? '', spaceIds[1] ?? ''] }, 'paused');
    await insert({ adSpaceIds: [spaceIds[2] ?? ''] }, 'pending');
    await insert({ adSpaceIds: [spaceIds[0] ?? ''] }, 'completed');
    for (const city of CITIES) await insert({ cities: [city] });
    await insert({ cities: ['Berlin', 'Hamburg'], venueTypes: ['retail'] });
    await insert({ cities: ['Hamburg'], orientations: ['portrait'] });
    await insert({ venueTypes: ['retail', 'transit'] });
    await insert({ venueTypes: ['food-and-drink'], orientations: ['portrait'] });
    await insert({ orientations: ['portrait'] });
    await insert({ orientations: ['landscape'] });
    await insert({});
    await insert({ adSpaceIds: [], cities: [], venueTypes: [] });
  });
  afterAll(() => t.close());

  it('keys each city in SQL as the rotation does in JavaScript', async () => {
    for (const city of CITIES) {
      const rows = rowsOf<{ keys: string[] }>(
        await t.app.deps.db.execute(
          sql`select campaign_target_keys(jsonb_build_object('cities', jsonb_build_array(${city}::text))) as keys`,
        ),
      );
      expect(rows[0]?.keys, city).toEqual([cityKey(city)]);
    }
  });

  it('returns every live campaign that targets a space, and not the others', async () => {
    // The rotation's read, which the campaigns module answers (app.deps.campaignReads).
    const reads = t.app.deps.campaignReads;
    const spaces: TTargetable[] = [
      ...CITIES.map((city, index) => ({
        adSpaceId: spaceIds[index % spaceIds.length] ?? '',
        city,
        venueType: index % 2 === 0 ? ('retail' as const) : ('food-and-drink' as const),
        orientation: index % 3 === 0 ? ('portrait' as const) : ('landscape' as const),
      })),
      {
        adSpaceId: crypto.randomUUID(),
        city: 'Paris',
        venueType: 'office',
        orientation: 'landscape',
      },
    ];
    for (const space of spaces) {
      const found = new Set(
        (await reads.liveCampaignsToFill(spaceTargetKeys(space))).map((row) => row.id),
      );
      const label = JSON.stringify(space);
      for (const candidate of campaigns) {
        if (candidate.isLive && matchesTargeting(space, candidate.targeting))
          expect(
            found.has(candidate.id),
            `${label} misses ${JSON.stringify(candidate.targeting)}`,
          ).toBe(true);
        // Not read at all: what targets other spaces or other cities, and what is not live.
        const isOtherSpaces =
          (candidate.targeting.adSpaceIds?.length ?? 0) > 0 &&
          !candidate.targeting.adSpaceIds?.includes(space.adSpaceId);
        const isOtherCity =
          !candidate.targeting.adSpaceIds?.length &&
          (candidate.targeting.cities?.length ?? 0) > 0 &&
          !candidate.targeting.cities?.some((city) => cityKey(city) === cityKey(space.city));
        if (!candidate.isLive || isOtherSpaces || isOtherCity)
          expect(
            found.has(candidate.id),
            `${label} reads ${JSON.stringify(candidate.targeting)}`,
          ).toBe(false);
      }
    }
  });

  it('follows an edit of the targeting or the state in the statement that makes it', async () => {
    // The rotation's read, which the campaigns module answers (app.deps.campaignReads).
    const reads = t.app.deps.campaignReads;
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    const keysOf = (adSpaceId: string) =>
      spaceTargetKeys({ adSpaceId, city: 'Lyon', venueType: 'office', orientation: 'landscape' });
    const idsFor = async (adSpaceId: string) =>
      (await reads.liveCampaignsToFill(keysOf(adSpaceId))).map((row) => row.id);
    await insert({ adSpaceIds: [first] });
    const id = campaigns.at(-1)?.id ?? '';
    // Campaigns targeted at everywhere (`any`) come back for every space too.
    expect(await idsFor(first)).toContain(id);

    await t.app.deps.db
      .update(campaign)
      .set({ targeting: { adSpaceIds: [second] } })
      .where(eq(campaign.id, id));
    expect(await idsFor(first)).not.toContain(id);
    expect(await idsFor(second)).toContain(id);

    await t.app.deps.db.update(campaign).set({ state: 'completed' }).where(eq(campaign.id, id));
    expect(await idsFor(second)).not.toContain(id);
  });
});

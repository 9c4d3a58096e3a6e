import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEarningsPlayList, ZEarningsRowList } from '@screenline/shared/wallet';
import { campaign, device, impression } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { EUR, signUpWithRole } from '../../../test/money-helpers';
import { insertAdSpace } from '../../../test/screen-rows';

describe.each(BACKENDS)('an owner’s earnings per space, campaign and day on %s', (backend) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('groups settled plays into one row per space, campaign and local day, with the plays one call away', async () => {
    const owner = await signUpWithRole(t, 'advertiser');
    const other = await signUpWithRole(t, 'advertiser');
    const buyer = await signUpWithRole(t, 'publisher');
    const db = t.app.deps.db;
    const [foyer, window] = [
      await insertAdSpace(t, owner.userId, { name: 'Foyer' }),
      await insertAdSpace(t, owner.userId, { name: 'Window' }),
    ];
    const campaignNamed = async (name: string) => {
      const [row] = await db
        .insert(campaign)
        .values({
          ownerId: buyer.userId,
          name,
          creativeIds: [],
          targeting: {},
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          bidMicrosPerSecond: 1000,
          budgetMicros: 50 * EUR,
        })
        .returning();
      return row!.id;
    };
    const [winter, spring] = [await campaignNamed('Winter sale'), await campaignNamed('Spring')];
    const tvOf = async (adSpaceId: string, key: string) => {
      const [tv] = await db
        .insert(device)
        .values({
          ownerId: owner.userId,
          adSpaceId,
          deviceKey: key,
          userAgent: 'Test',
          appVersion: '0.0.0',
        })
        .returning();
      return tv!.id;
    };
    const tvs = {
      [foyer]: await tvOf(foyer, 'earnings-rows-0001'),
      [window]: await tvOf(window, 'earnings-rows-0002'),
    };
    let sequence = 0;
    const play = (
      adSpaceId: string,
      campaignId: string,
      localDay: string,
      share: number,
      verdict = 'billed',
    ) => {
      sequence += 1;
      return {
        id: crypto.randomUUID(),
        deviceId: tvs[adSpaceId]!,
        ownerId: owner.userId,
        adSpaceId,
        sequence,
        startedAt: new Date(`${localDay}T10:00:${String(sequence).padStart(2, '0')}Z`),
        shownMs: 15_000,
        endReason: 'completed',
        itemId: 'slot',
        campaignId,
        billableMs: 15_000,
        billedMicros: verdict === 'billed' ? share + share / 4 : 0,
        ownerShareMicros: verdict === 'billed' ? share : 0,
        verdict,
        localDay,
        settledAt: new Date(`${localDay}T11:00:00Z`),
      };
    };
    await db.insert(impression).values([
      play(foyer, winter, '2026-11-20', 400),
      play(foyer, winter, '2026-11-20', 400),
      play(foyer, winter, '2026-11-20', 400),
      play(foyer, spring, '2026-11-20', 100),
      play(window, winter, '2026-11-20', 200),
      play(foyer, winter, '2026-11-21', 400),
      // Not billed: not counted.
      play(foyer, winter, '2026-11-21', 0, 'overlap'),
    ]);

    const res = await t.request({
      method: 'GET',
      url: '/api/v1/wallet/earnings',
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = ZEarningsRowList.parse(res.json());
    expect(
      rows.items.map((row) => [
        row.day,
        row.adSpace.name,
        row.campaign.name,
        row.plays,
        row.earnedMicros,
      ]),
    ).toEqual([
      ['2026-11-21', 'Foyer', 'Winter sale', 1, 400],
      ['2026-11-20', 'Foyer', 'Spring', 1, 100],
      ['2026-11-20', 'Foyer', 'Winter sale', 3, 1200],
      ['2026-11-20', 'Window', 'Winter sale', 1, 200],
    ]);

    // A page at a time.
    const first = ZEarningsRowList.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/wallet/earnings?limit=3',
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(first.items).toHaveLength(3);
    const second = ZEarningsRowList.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/wallet/earnings?limit=3&cursor=${first.nextCursor}`,
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(second.items.map((row) => row.adSpace.name)).toEqual(['Window']);
    expect(second.nextCursor).toBeNull();

    // Another settled play joins its row instead of making a new one.
    await db.insert(impression).values(play(foyer, winter, '2026-11-21', 400));
    const grown = ZEarningsRowList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/earnings', cookie: owner.cookie })
      ).json(),
    );
    expect(grown.items[0]).toMatchObject({ day: '2026-11-21', plays: 2, earnedMicros: 800 });
    expect(grown.items).toHaveLength(4);

    const detail = await t.request({
      method: 'GET',
      url: `/api/v1/wallet/earnings/plays?day=2026-11-20&adSpaceId=${foyer}&campaignId=${winter}`,
      cookie: owner.cookie,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const plays = ZEarningsPlayList.parse(detail.json());
    expect(plays.truncated).toBe(false);
    expect(plays.items.map((item) => item.earnedMicros)).toEqual([400, 400, 400]);

    // Another owner sees none of it, and not the detail of a space of someone else's.
    const theirs = ZEarningsRowList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/earnings', cookie: other.cookie })
      ).json(),
    );
    expect(theirs.items).toEqual([]);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/v1/wallet/earnings/plays?day=2026-11-20&adSpaceId=${foyer}&campaignId=${winter}`,
      cookie: other.cookie,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_RATE_LIMITS } from './player-sync.routes';
import { ZApiError } from '@screenline/shared/errors';
import {
  type TImpression,
  ZDeviceRegistration,
  ZImpressionBatchResult,
  ZPlaysReport,
} from '@screenline/shared/player';
import { contentItem, impression } from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  createAdSpace,
  createLocation,
  signUpOwner,
  type TOwner,
} from '../../../test/screens-helpers';

let keys = 0;

describe.each(BACKENDS)('proof of play on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  let ben: TOwner;
  /** Ann's ad space in Berlin and the token of her TV there. */
  let annSpace: string;
  let annTv: { token: string; deviceId: string };
  /** Another of Ann's spaces, with a TV of its own. */
  let annOtherSpace: string;
  let annOtherTv: { token: string; deviceId: string };
  let benSpace: string;
  let benTv: { token: string; deviceId: string };

  async function setUpTv(owner: TOwner, adSpaceId: string, name: string) {
    keys += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: `plays-device-key-${Date.now()}-${keys}`,
        adSpaceId,
        name,
        userAgent: 'Mozilla/5.0 Chrome/69.0.3497.106',
        appVersion: '0.1.0',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZDeviceRegistration.parse(res.json());
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpOwner(t), await signUpOwner(t)];
    const berlin = await createLocation(t, ann, { name: 'Berlin', timeZone: 'Europe/Berlin' });
    annSpace = (await createAdSpace(t, ann, { locationId: berlin.id, name: 'Café window, front' }))
      .id;
    annOtherSpace = (await createAdSpace(t, ann, { locationId: berlin.id, name: 'Back' })).id;
    const elsewhere = await createLocation(t, ben, { name: 'Elsewhere' });
    benSpace = (await createAdSpace(t, ben, { locationId: elsewhere.id, name: 'Ben’s' })).id;
    annTv = await setUpTv(ann, annSpace, 'Front TV');
    annOtherTv = await setUpTv(ann, annOtherSpace, 'Back TV');
    benTv = await setUpTv(ben, benSpace, 'Ben’s TV');
  });
  afterAll(() => t.close());

  let sequences = 0;
  const play = (adSpaceId: string, overrides: Partial<TImpression> = {}): TImpression => ({
    id: crypto.randomUUID(),
    sequence: (sequences += 1),
    startedAt: '2026-11-20T10:00:00.000Z',
    shownMs: 10_000,
    endReason: 'completed',
    adSpaceId,
    playlistId: crypto.randomUUID(),
    playlistVersion: 3,
    itemId: 'item-1',
    contentId: null,
    campaignId: null,
    creativeId: null,
    ...overrides,
  });

  const send = (token: string, impressions: unknown[]) =>
    t.request({
      method: 'POST',
      url: '/api/v1/player/impressions',
      headers: { authorization: `Bearer ${token}` },
      payload: { impressions },
    });

  async function sent(token: string, impressions: TImpression[]) {
    const res = await send(token, impressions);
    expect(res.statusCode, res.body).toBe(200);
    return ZImpressionBatchResult.parse(res.json());
  }

  const storedRows = (ids: string[]) =>
    t.app.deps.db.select().from(impression).where(inArray(impression.id, ids));

  describe('POST /api/v1/player/impressions', () => {
    it('stores a batch, and the same batch again accepts every id and stores nothing twice', async () => {
      const batch = [play(annSpace), play(annSpace), play(annSpace)];
      const ids = batch.map((p) => p.id);
      expect(await sent(annTv.token, batch)).toEqual({ accepted: ids, rejected: [] });
      // The answer was lost: the TV sends the same batch again.
      expect(await sent(annTv.token, batch)).toEqual({ accepted: ids, rejected: [] });
      const rows = await storedRows(ids);
      expect(rows).toHaveLength(3);
      expect(
        rows.every((row) => row.deviceId === annTv.deviceId && row.ownerId === ann.userId),
      ).toBe(true);
      expect(rows.find((row) => row.id === ids[0])).toMatchObject({
        adSpaceId: annSpace,
        shownMs: 10_000,
        endReason: 'completed',
        playlistVersion: 3,
        itemId: 'item-1',
        startedAt: new Date('2026-11-20T10:00:00.000Z'),
      });
    });

    it('stores what the TV sent as it is: quotes, backslashes and JSON escapes in an item id, milliseconds of a start', async () => {
      // Ingest writes the batch into its statement as one escaped JSON literal (db/scripts.ts).
      const itemIds = [
        "it's",
        'back\\slash\\',
        '"quoted" \\" \\\\u0000',
        "'); delete from impression; --",
        '{"a":[1]}',
        'ünï ✓ \u2028',
      ];
      const batch = itemIds.map((itemId, i) =>
        play(annSpace, { itemId, startedAt: `2026-11-20T11:00:0${i}.12${i}Z` }),
      );
      expect((await sent(annTv.token, batch)).accepted).toHaveLength(itemIds.length);
      const rows = await storedRows(batch.map((p) => p.id));
      expect(
        batch.map((p) => {
          const row = rows.find((one) => one.id === p.id);
          return [row?.itemId, row?.startedAt.toISOString()];
        }),
      ).toEqual(batch.map((p) => [p.itemId, p.startedAt]));
    });

    it('stores each play once when two identical batches arrive together', async () => {
      const batch = Array.from({ length: 40 }, () => play(annSpace));
      const ids = batch.map((p) => p.id);
      const [first, second] = await Promise.all([
        sent(annTv.token, batch),
        sent(annTv.token, batch),
      ]);
      expect(first).toEqual({ accepted: ids, rejected: [] });
      expect(second).toEqual({ accepted: ids, rejected: [] });
      expect(await storedRows(ids)).toHaveLength(40);
    });

    it('answers a mixed batch id by id: new, replayed, another space’s, another TV’s id', async () => {
      const replayed = play(annSpace);
      await sent(annTv.token, [replayed]);
      const taken = play(annOtherSpace);
      await sent(annOtherTv.token, [taken]);

      const fresh = play(annSpace);
      const elsewhere = play(annOtherSpace);
      const stolen = { ...taken, adSpaceId: annSpace };
      const result = await sent(annTv.token, [fresh, replayed, elsewhere, stolen, fresh]);
      expect(result.accepted).toEqual([fresh.id, replayed.id]);
      expect(result.rejected).toEqual([
        { id: elsewhere.id, reason: 'wrong-ad-space' },
        { id: stolen.id, reason: 'id-taken' },
      ]);
      const rows = await storedRows([fresh.id, replayed.id, elsewhere.id, taken.id]);
      expect(rows.map((row) => [row.id, row.deviceId]).sort()).toEqual(
        [
          [fresh.id, annTv.deviceId],
          [replayed.id, annTv.deviceId],
          [taken.id, annOtherTv.deviceId],
        ].sort(),
      );
      // The taken id kept what its own TV sent.
      expect(rows.find((row) => row.id === taken.id)?.adSpaceId).toBe(annOtherSpace);
    });

    it('refuses a malformed batch with 400 and stores none of it', async () => {
      const good = play(annSpace);
      const cases: unknown[][] = [
        [good, { ...play(annSpace), sequence: 0 }],
        [good, { ...play(annSpace), id: 'not-a-uuid' }],
        [good, { ...play(annSpace), endReason: 'bored' }],
        [good, { ...play(annSpace), extra: true }],
        [],
        Array.from({ length: 501 }, () => play(annSpace)),
      ];
      for (const impressions of cases) {
        const res = await send(annTv.token, impressions);
        expect(res.statusCode, res.body).toBe(400);
        expect(ZApiError.parse(res.json()).error.code).toBe('validation-failed');
      }
      expect(await storedRows([good.id])).toEqual([]);
    });

    it('does not let another owner’s TV write to your ad space', async () => {
      const intruder = play(annSpace);
      expect(await sent(benTv.token, [intruder])).toEqual({
        accepted: [],
        rejected: [{ id: intruder.id, reason: 'wrong-ad-space' }],
      });
      expect(await storedRows([intruder.id])).toEqual([]);
    });

    it('limits batches per TV far above what a TV sends, without holding back the others', async () => {
      const hammer = await setUpTv(ann, annSpace, 'Hammering TV');
      const statuses: number[] = [];
      for (let i = 0; i < PLAYER_RATE_LIMITS.impressions.max + 3; i += 1) {
        const res = await t.request({
          method: 'POST',
          url: '/api/v1/player/impressions',
          headers: { authorization: `Bearer ${hammer.token}` },
          payload: { impressions: [play(annSpace)] },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, PLAYER_RATE_LIMITS.impressions.max).every((s) => s === 200)).toBe(
        true,
      );
      expect(statuses.at(-1)).toBe(429);
      expect((await sent(annTv.token, [play(annSpace)])).accepted).toHaveLength(1);
    });

    it('answers 401 without a device token and 403 to the owner’s session', async () => {
      const anonymous = await t.request({
        method: 'POST',
        url: '/api/v1/player/impressions',
        payload: { impressions: [play(annSpace)] },
      });
      expect(anonymous.statusCode).toBe(401);
      const asOwner = await t.request({
        method: 'POST',
        url: '/api/v1/player/impressions',
        cookie: ann.cookie,
        payload: { impressions: [play(annSpace)] },
      });
      expect(asOwner.statusCode).toBe(403);
    });
  });

  describe('GET /api/v1/ad-spaces/{id}/plays', () => {
    /** A fresh space in Berlin with its TV, so the numbers are this test's alone. */
    async function freshSpace(name = 'Report screen') {
      const place = await createLocation(t, ann, { name: 'Report', timeZone: 'Europe/Berlin' });
      const id = (await createAdSpace(t, ann, { locationId: place.id, name })).id;
      return { id, tv: await setUpTv(ann, id, 'Report TV') };
    }

    async function libraryItem(name: string, kind: 'image' | 'video' = 'image') {
      const [row] = await t.app.deps.db
        .insert(contentItem)
        .values({
          ownerId: ann.userId,
          name,
          objectPath: `users/${ann.userId}/content/${crypto.randomUUID()}.png`,
          kind,
          contentType: kind === 'image' ? 'image/png' : 'video/mp4',
          sizeBytes: 10,
          md5: 'md5',
          width: 1,
          height: 1,
        })
        .returning({ id: contentItem.id });
      return row!.id;
    }

    const plays = (id: string, query: string, accept = 'application/json') =>
      t.request({
        method: 'GET',
        url: `/api/v1/ad-spaces/${id}/plays?${query}`,
        cookie: ann.cookie,
        headers: { accept },
      });

    it('reports every local day of the range, by item and the sequence holes', async () => {
      const space = await freshSpace();
      const poster = await libraryItem('Autumn poster');
      const clip = await libraryItem('Clip', 'video');
      const gone = await libraryItem('Gone soon');
      const at = (
        startedAt: string,
        sequence: number,
        contentId: string | null,
        shownMs = 10_000,
      ) => play(space.id, { startedAt, sequence, contentId, shownMs });
      await sent(space.tv.token, [
        // 2026-03-28, Berlin (+01:00): 23:30 local is still the 28th.
        at('2026-03-28T09:00:00.000Z', 1, poster),
        at('2026-03-28T22:30:00.000Z', 2, clip, 15_000),
        // 2026-03-29 (the clocks go forward: a 23-hour day) has nothing.
        // 2026-03-30 (+02:00): 00:30 local is 22:30 UTC the day before.
        at('2026-03-29T22:30:00.000Z', 5, poster, 5_000),
        at('2026-03-30T08:00:00.000Z', 6, gone),
        at('2026-03-30T08:01:00.000Z', 9, null, 15_000),
        // Outside the range, either side (local 27th and 31st).
        at('2026-03-27T22:59:00.000Z', 10, poster),
        at('2026-03-30T22:00:00.000Z', 11, poster),
      ]);
      await t.app.deps.db.delete(contentItem).where(eq(contentItem.id, gone));

      const res = await plays(space.id, 'from=2026-03-28&to=2026-03-30');
      expect(res.statusCode, res.body).toBe(200);
      const report = ZPlaysReport.parse(res.json());
      expect(report).toMatchObject({
        adSpaceId: space.id,
        timeZone: 'Europe/Berlin',
        from: '2026-03-28',
        to: '2026-03-30',
        totals: { plays: 5, shownMs: 55_000 },
        byDay: [
          { day: '2026-03-28', plays: 2, shownMs: 25_000 },
          { day: '2026-03-29', plays: 0, shownMs: 0 },
          { day: '2026-03-30', plays: 3, shownMs: 30_000 },
        ],
      });
      expect(report.byItem).toEqual([
        {
          contentId: poster,
          name: 'Autumn poster',
          kind: 'image',
          ad: null,
          plays: 2,
          shownMs: 15_000,
        },
        { contentId: clip, name: 'Clip', kind: 'video', ad: null, plays: 1, shownMs: 15_000 },
        { contentId: null, name: null, kind: null, ad: null, plays: 1, shownMs: 15_000 },
        { contentId: gone, name: null, kind: null, ad: null, plays: 1, shownMs: 10_000 },
      ]);
      expect(report.gaps).toEqual([
        {
          deviceId: space.tv.deviceId,
          deviceName: 'Report TV',
          afterSequence: 2,
          beforeSequence: 5,
          missing: 2,
        },
        {
          deviceId: space.tv.deviceId,
          deviceName: 'Report TV',
          afterSequence: 6,
          beforeSequence: 9,
          missing: 2,
        },
      ]);
    });

    it('answers a range with nothing in it with zero days', async () => {
      const space = await freshSpace();
      const report = ZPlaysReport.parse(
        (await plays(space.id, 'from=2026-12-30&to=2027-01-02')).json(),
      );
      expect(report.byDay.map((day) => [day.day, day.plays])).toEqual([
        ['2026-12-30', 0],
        ['2026-12-31', 0],
        ['2027-01-01', 0],
        ['2027-01-02', 0],
      ]);
      expect(report).toMatchObject({ totals: { plays: 0, shownMs: 0 }, byItem: [], gaps: [] });
    });

    it('refuses a range that ends first or spans more than 92 days, saying why', async () => {
      const backwards = await plays(annSpace, 'from=2026-03-10&to=2026-03-09');
      expect(backwards.statusCode).toBe(400);
      expect(ZApiError.parse(backwards.json()).error.message).toBe(
        'The range must end on or after the day it starts.',
      );
      const long = await plays(annSpace, 'from=2026-01-01&to=2026-04-03');
      expect(long.statusCode).toBe(400);
      expect(ZApiError.parse(long.json()).error.message).toBe(
        'The range is 93 days; a report covers at most 92 days.',
      );
      const longest = await plays(annSpace, 'from=2026-01-01&to=2026-04-02');
      expect(longest.statusCode, longest.body).toBe(200);
      expect(ZPlaysReport.parse(longest.json()).byDay).toHaveLength(92);
      for (const query of [
        'from=2026-03-10',
        'from=yesterday&to=2026-03-10',
        'from=2026-02-30&to=2026-03-01',
      ]) {
        expect((await plays(annSpace, query)).statusCode, query).toBe(400);
      }
    });

    it('answers CSV with Accept: text/csv, one row per play, quoted where needed', async () => {
      const space = await freshSpace('Café window, front');
      const sale = await libraryItem('Sale, "50%" off');
      const first = play(space.id, {
        startedAt: '2026-07-01T21:59:59.500Z',
        sequence: 1,
        contentId: sale,
        shownMs: 7_250,
      });
      const second = play(space.id, {
        startedAt: '2026-07-02T08:00:00.000Z',
        sequence: 2,
        endReason: 'interrupted',
        shownMs: 1_000,
      });
      await sent(space.tv.token, [second, first]);

      const res = await plays(space.id, 'from=2026-07-01&to=2026-07-02', 'text/csv');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="plays-cafe-window-front-2026-07-01-to-2026-07-02.csv"',
      );
      expect(res.body.split('\r\n')).toEqual([
        'id,device_id,device_name,sequence,started_at_utc,started_at_local,shown_seconds,end_reason,playlist_id,item_id,content_id,content_name',
        `${first.id},${space.tv.deviceId},Report TV,1,2026-07-01T21:59:59.500Z,2026-07-01 23:59:59,7.250,completed,${first.playlistId},item-1,${sale},"Sale, ""50%"" off"`,
        `${second.id},${space.tv.deviceId},Report TV,2,2026-07-02T08:00:00.000Z,2026-07-02 10:00:00,1.000,interrupted,${second.playlistId},item-1,,`,
        '',
      ]);
      // The range is checked before anything streams.
      const refused = await plays(space.id, 'from=2026-07-02&to=2026-07-01', 'text/csv');
      expect(refused.statusCode).toBe(400);
    });

    it('streams a CSV longer than one page with every play once, in order', async () => {
      const space = await freshSpace();
      const base = Date.parse('2026-05-04T06:00:00.000Z');
      // Straight into the table: two plays share each instant, so the page edges fall on ties.
      await t.app.deps.db.insert(impression).values(
        Array.from({ length: 2101 }, (_, i) => ({
          id: crypto.randomUUID(),
          deviceId: space.tv.deviceId,
          ownerId: ann.userId,
          adSpaceId: space.id,
          sequence: i + 1,
          startedAt: new Date(base + Math.floor(i / 2) * 1000),
          shownMs: 1000,
          endReason: 'completed',
          itemId: 'item',
        })),
      );
      const res = await plays(space.id, 'from=2026-05-04&to=2026-05-04', 'text/csv');
      expect(res.statusCode).toBe(200);
      const rows = res.body.split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(2101);
      expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(2101);
      const times = rows.map((row) => row.split(',')[4]!);
      expect([...times].sort()).toEqual(times);
    });

    it('answers another owner and a TV as the other ad-space routes do', async () => {
      const asBen = await t.request({
        method: 'GET',
        url: `/api/v1/ad-spaces/${annSpace}/plays?from=2026-03-01&to=2026-03-02`,
        cookie: ben.cookie,
      });
      expect(asBen.statusCode).toBe(404);
      const asBenCsv = await t.request({
        method: 'GET',
        url: `/api/v1/ad-spaces/${annSpace}/plays?from=2026-03-01&to=2026-03-02`,
        cookie: ben.cookie,
        headers: { accept: 'text/csv' },
      });
      expect(asBenCsv.statusCode).toBe(404);
      const asTv = await t.request({
        method: 'GET',
        url: `/api/v1/ad-spaces/${annSpace}/plays?from=2026-03-01&to=2026-03-02`,
        headers: { authorization: `Bearer ${annTv.token}` },
      });
      expect(asTv.statusCode).toBe(401);
    });
  });
});

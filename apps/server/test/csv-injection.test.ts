import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, impression } from '../src/db/schema/index';
import { approveMonetization, insertFundedCampaign } from './fill-rows';
import { createTestApp, type TTestApp } from './harness';
import { addContent, insertAdSpace, signUpScreenOwner } from './screen-rows';
import { signUpForStorage, type TStorageUser } from './storage-helpers';

/**
 * OWASP CSV injection (issue 18 item 5) on every export: an owner's ad space, a TV and a library
 * item, and a buyer's campaign, all named like formulas, reach the wallet history, the campaign
 * results and the plays report as text a spreadsheet will not run (`'` in front), while the
 * negative amounts the exports write on purpose stay numbers. The writer is lib/csv.ts.
 * PGlite only: nothing here depends on the database engine.
 */

const SPACE_NAME = '=HYPERLINK("http://x","y")';
const CAMPAIGN_NAME = '=HYPERLINK("http://x","campaign")';
const TV_NAME = "-2+3+cmd|' /C calc'!A0";
const ITEM_NAME = '@SUM(1+1)*cmd';
const DAY = '2026-03-02';

/** A cell as csv-stringify writes it: quoted (inner quotes doubled) when it holds a quote. */
const quoted = (cell: string) => (cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);

describe('every CSV export neutralises formula cells', () => {
  let t: TTestApp;
  let owner: TStorageUser;
  let buyer: TStorageUser;
  let spaceId: string;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    owner = await signUpScreenOwner(t);
    buyer = await signUpForStorage(t);
    const role = await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: buyer.cookie,
      payload: { role: 'publisher' },
    });
    expect(role.statusCode, role.body).toBe(200);
    spaceId = await insertAdSpace(t, owner.userId, { name: SPACE_NAME, timeZone: 'UTC' });
    await approveMonetization(t, { adSpaceId: spaceId, ownerId: owner.userId });
    const creative = await addContent(t, buyer, 'image', 'Spring poster');
    const ownersItem = await addContent(t, owner, 'image', ITEM_NAME);
    campaignId = await insertFundedCampaign(t, {
      ownerId: buyer.userId,
      creativeIds: [creative.id],
      name: CAMPAIGN_NAME,
    });
    const [tv] = await t.app.deps.db
      .insert(device)
      .values({
        ownerId: owner.userId,
        adSpaceId: spaceId,
        deviceKey: `csv-tv-${crypto.randomUUID()}`,
        name: TV_NAME,
        userAgent: 'Test',
        appVersion: '1.0.0',
      })
      .returning({ id: device.id });
    const play = (sequence: number, extra: object) => ({
      id: crypto.randomUUID(),
      deviceId: tv!.id,
      ownerId: owner.userId,
      adSpaceId: spaceId,
      sequence,
      startedAt: new Date(`${DAY}T10:00:0${sequence}Z`),
      shownMs: 5_000,
      endReason: 'completed',
      itemId: `item-${sequence}`,
      ...extra,
    });
    await t.app.deps.db.insert(impression).values([
      play(1, { contentId: ownersItem.id }),
      // As settlement leaves a billed play (results count billed plays by their local day).
      play(2, {
        campaignId,
        creativeId: creative.id,
        billedMicros: 7_000,
        verdict: 'billed',
        localDay: DAY,
      }),
    ]);
  });
  afterAll(() => t.close());

  const csv = async (url: string, cookie: string) => {
    const res = await t.request({ method: 'GET', url, cookie, headers: { accept: 'text/csv' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return res.body.split('\r\n');
  };

  it("campaign results: the owner's ad space name reaches the buyer as text", async () => {
    const lines = await csv(
      `/api/v1/campaigns/${campaignId}/results?from=${DAY}&to=${DAY}`,
      buyer.cookie,
    );
    expect(lines[0]).toBe(
      'day,ad_space_id,ad_space,city,impressions,shown_seconds,spent_eur,qr_scans,shown_ms,spent_micros',
    );
    expect(lines[1]).toBe(
      `${DAY},${spaceId},${quoted(`'${SPACE_NAME}`)},Springfield,1,5.000,0.007000,0,5000,7000`,
    );
    expect(lines.join('\n')).not.toMatch(/(^|,)"?=/m);
  });

  it("wallet history: the buyer's campaign name is text, negative amounts stay numbers", async () => {
    const lines = await csv('/api/v1/wallet/transactions', buyer.cookie);
    const held = lines.find((line) => line.includes('HYPERLINK'));
    expect(held, lines.join('\n')).toBeDefined();
    // campaign, amount, held_change, balance_after, then the same in micros.
    expect(held).toContain(
      `,${quoted(`'${CAMPAIGN_NAME}`)},-10.000000,10.000000,0.000000,-10000000,10000000,0`,
    );
    expect(lines.join('\n')).not.toMatch(/(^|,)"?=/m);
  });

  it("plays report: the TV's and the library item's names are text", async () => {
    const lines = await csv(
      `/api/v1/ad-spaces/${spaceId}/plays?from=${DAY}&to=${DAY}`,
      owner.cookie,
    );
    expect(lines).toHaveLength(4);
    const [ownPlay, adPlay] = [lines[1]!, lines[2]!];
    expect(ownPlay).toContain(`,${quoted(`'${TV_NAME}`)},1,`);
    expect(ownPlay.endsWith(`,'${ITEM_NAME}`)).toBe(true);
    expect(adPlay).toContain(`,${quoted(`'${TV_NAME}`)},2,`);
    expect(lines.join('\n')).not.toMatch(/(^|,)"?[-+@=]/m);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_DEFAULTS } from '@screenline/shared/platform-settings';
import { REFERENCE_PATTERN } from '@screenline/shared/payment';
import { ZReceiptList } from '@screenline/shared/receipt';
import { ZPayout, ZTopUp, ZTopUpList } from '@screenline/shared/wallet';
import { campaign, receipt as receiptTable } from '../../db/schema/index';
import { BACKENDS, createTestApp, withTwoFactor, type TTestApp } from '../../../test/harness';
import {
  approveTopUp,
  EUR,
  fund,
  newKey,
  requestPayout,
  requestTopUp,
  signUpAdmin,
  signUpWithRole,
} from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import {
  campaignHoldAccountId,
  PLATFORM_REVENUE_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../ledger/ledger';
import { createReceiptsService } from './receipts.service';

const BANK = {
  accountHolder: 'Screenline Test GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  address: 'Teststraße 1, 10115 Berlin',
};

describe.each(BACKENDS)('top-up references and receipts on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signUpAdmin(t);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/v1/admin/platform-settings',
      cookie: admin.cookie,
      payload: { ...PLATFORM_SETTINGS_DEFAULTS, bank: BANK },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  const topUpOf = async (cookie: string, amountMicros: number) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      cookie,
      headers: newKey(),
      payload: { amountMicros },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZTopUp.parse(res.json());
  };
  const receiptsOf = async (cookie: string) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/wallet/receipts', cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZReceiptList.parse(res.json()).items;
  };
  const pdfOf = (cookie: string, url: string) => t.request({ method: 'GET', url, cookie });

  it('refuses bank details that are not valid', async () => {
    for (const bank of [
      { ...BANK, iban: 'DE00 1234' },
      { ...BANK, bic: 'NOTABIC' },
    ]) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/v1/admin/platform-settings',
        cookie: admin.cookie,
        payload: { ...PLATFORM_SETTINGS_DEFAULTS, bank },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('gives every top-up its own reference and tells how to pay it with the platform’s bank details', async () => {
    const buyer = await t.signUp();
    const topUps = await Promise.all(
      Array.from({ length: 12 }, () => topUpOf(buyer.cookie, 25 * EUR)),
    );
    const references = topUps.map((topUp) => topUp.reference);
    expect(new Set(references).size).toBe(12);
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(topUps[0]?.payment).toEqual({
      method: 'bank-transfer',
      amountMicros: 25 * EUR,
      reference: references[0],
      accountHolder: BANK.accountHolder,
      iban: 'DE89370400440532013000',
      bic: BANK.bic,
      bankName: BANK.bankName,
      ready: true,
    });
    // The body no longer takes a reference of the buyer's.
    const old = await t.request({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      cookie: buyer.cookie,
      headers: newKey(),
      payload: { amountMicros: 25 * EUR, reference: 'MY-OWN' },
    });
    expect(old.statusCode).toBe(400);
  });

  it('finds the top-up a bank statement’s text names, however the bank wrote the reference', async () => {
    const buyer = await t.signUp();
    const wanted = await topUpOf(buyer.cookie, 40 * EUR);
    await topUpOf(buyer.cookie, 40 * EUR);
    const compact = wanted.reference.replace(/-/g, '');
    for (const statement of [
      wanted.reference,
      `Transfer ${compact.toLowerCase()} thanks`,
      `SL ${compact.slice(2, 6)} ${compact.slice(6)} / invoice`,
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/admin/top-ups?state=pending&reference=${encodeURIComponent(statement)}`,
        cookie: admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        ZTopUpList.parse(res.json()).items.map((item) => item.id),
        statement,
      ).toEqual([wanted.id]);
    }
    const none = await t.request({
      method: 'GET',
      url: '/api/v1/admin/top-ups?reference=SL-0000-0000',
      cookie: admin.cookie,
    });
    expect(ZTopUpList.parse(none.json()).items).toEqual([]);
  });

  it('numbers receipts per year without gaps, also for decisions at once and ones refused', async () => {
    const buyer = await t.signUp();
    const ids = await Promise.all(
      Array.from({ length: 5 }, () => requestTopUp(t, buyer.cookie, 10 * EUR)),
    );
    // One approved twice at once: one wins, the other is refused and takes no number.
    const [first, again] = await Promise.all([
      approveTopUp(t, admin.cookie, ids[0]!),
      approveTopUp(t, admin.cookie, ids[0]!),
    ]);
    expect([first.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    const rest = await Promise.all(ids.slice(1).map((id) => approveTopUp(t, admin.cookie, id)));
    for (const res of rest) expect(res.statusCode, res.body).toBe(200);

    const receipts = await receiptsOf(buyer.cookie);
    expect(receipts).toHaveLength(5);
    expect(receipts.every((receipt) => receipt.kind === 'top-up')).toBe(true);
    const year = new Date().getUTCFullYear();
    const sequences = receipts.map((receipt) => {
      const [y, n] = receipt.number.split('-');
      expect(Number(y)).toBe(year);
      return Number(n);
    });
    // Everyone's receipts of the year so far: 1…N, each once.
    const all = await t.app.deps.db.select().from(receiptTable);
    const numbers = all.filter((row) => row.year === year).map((row) => row.sequence);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, index) => index + 1));
    expect(numbers).toEqual(expect.arrayContaining(sequences));
  });

  it('answers a receipt as a PDF with the amount and the platform’s details, to its user and super-users only', async () => {
    const buyer = await t.signUp();
    const stranger = await t.signUp();
    await fund(t, buyer.cookie, admin.cookie, 500 * EUR);
    const [receipt] = await receiptsOf(buyer.cookie);
    expect(receipt).toMatchObject({ kind: 'top-up', amountMicros: 500 * EUR, month: null });

    const res = await pdfOf(buyer.cookie, receipt!.pdfUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `screenline-receipt-${receipt!.number}.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('€500.00');
    expect(text).toContain(receipt!.number);
    expect(text).toContain(BANK.accountHolder);
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toMatch(/reference SL-[0-9A-Z]{4}-[0-9A-Z]{4}/);

    expect((await pdfOf(stranger.cookie, receipt!.pdfUrl)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: receipt!.pdfUrl })).statusCode).toBe(401);
    expect((await pdfOf(admin.cookie, receipt!.pdfUrl)).statusCode).toBe(200);
  });

  it('issues a receipt when a payout is paid', async () => {
    const owner = await withTwoFactor(t, await signUpWithRole(t, 'advertiser'));
    await fund(t, owner.cookie, admin.cookie, 30 * EUR);
    const payoutId = await requestPayout(t, owner.cookie, 20 * EUR);
    for (const action of ['approve', 'mark-paid']) {
      const res = await t.request({
        method: 'POST',
        url: `/api/v1/admin/payouts/${payoutId}/${action}`,
        cookie: admin.cookie,
        headers: newKey(),
      });
      expect(res.statusCode, res.body).toBe(200);
      if (action === 'mark-paid') expect(ZPayout.parse(res.json()).state).toBe('paid');
    }
    const receipts = await receiptsOf(owner.cookie);
    expect(receipts.map((receipt) => [receipt.kind, receipt.amountMicros])).toEqual([
      ['payout', 20 * EUR],
      ['top-up', 30 * EUR],
    ]);
    const text = pdfText((await pdfOf(owner.cookie, receipts[0]!.pdfUrl)).rawPayload);
    expect(text).toContain('€20.00');
    expect(text).toContain('Payout');
  });

  it('issues each closed month’s spend and earnings receipt once, adding up the ledger', async () => {
    const buyer = await signUpWithRole(t, 'publisher');
    const owner = await signUpWithRole(t, 'advertiser');
    await fund(t, buyer.cookie, admin.cookie, 100 * EUR);
    const db = t.app.deps.db;
    const [row] = await db
      .insert(campaign)
      .values({
        ownerId: buyer.userId,
        name: 'Winter sale',
        creativeIds: [],
        targeting: {},
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        bidMicrosPerSecond: 1000,
        budgetMicros: 50 * EUR,
      })
      .returning();
    const campaignId = row!.id;
    await db.transaction(async (tx) => {
      const hold = await campaignHoldAccountId(tx, campaignId);
      await transfer(tx, {
        kind: 'campaign-hold',
        description: 'Campaign approved',
        campaignId,
        entries: [
          { accountId: await walletAccountId(tx, buyer.userId), amountMicros: -50 * EUR },
          { accountId: hold, amountMicros: 50 * EUR },
        ],
      });
      for (const charge of [10 * EUR, 5 * EUR])
        await transfer(tx, {
          kind: 'impression-charge',
          description: 'Ad plays',
          campaignId,
          entries: [
            { accountId: hold, amountMicros: -charge },
            { accountId: await walletAccountId(tx, owner.userId), amountMicros: (charge * 4) / 5 },
            { accountId: PLATFORM_REVENUE_ACCOUNT_ID, amountMicros: charge / 5 },
          ],
        });
    });

    // This month is open: no monthly receipt yet.
    expect((await receiptsOf(buyer.cookie)).filter((r) => r.kind === 'monthly-spend')).toEqual([]);

    // A month on, it is closed: read twice at once, each receipt is issued once.
    const today = new Date();
    const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 2));
    const later = createReceiptsService({
      db,
      access: t.app.deps.access,
      settings: t.app.deps.platformSettings,
      now: () => nextMonth,
    });
    const monthStart = `${today.toISOString().slice(0, 7)}-01`;
    for (const [user, kind, amount] of [
      [buyer, 'monthly-spend', 15 * EUR],
      [owner, 'monthly-earnings', 12 * EUR],
    ] as const) {
      await Promise.all([
        later.issueClosedMonths(user.userId, 'Test user', user.email),
        later.issueClosedMonths(user.userId, 'Test user', user.email),
      ]);
      const monthly = (await receiptsOf(user.cookie)).filter((r) => r.kind === kind);
      expect(monthly.map((r) => [r.month, r.amountMicros])).toEqual([[monthStart, amount]]);
      const text = pdfText((await pdfOf(user.cookie, monthly[0]!.pdfUrl)).rawPayload);
      expect(text).toContain('Winter sale');
      expect(text).toContain(amount === 15 * EUR ? '€15.00' : '€12.00');
    }
  });
});

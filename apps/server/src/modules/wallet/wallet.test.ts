import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@screenline/shared/errors';
import {
  ZPayout,
  ZPayoutList,
  ZTopUp,
  ZTopUpList,
  ZWalletTransactionList,
} from '@screenline/shared/wallet';
import { payoutRequest, topUpRequest } from '../../db/schema/index';
import {
  BACKENDS,
  createTestApp,
  twoFactorHeaders,
  withTwoFactor,
  type TTestApp,
} from '../../../test/harness';
import {
  approveTopUp,
  EUR,
  fund,
  IBAN,
  mailsTo,
  newKey,
  requestPayout,
  requestTopUp,
  signUpAdmin,
  signUpWithRole,
  walletOf,
} from '../../../test/money-helpers';
import { contentItemOf } from '../../../test/matrix/fixtures';
import { signUpForStorage } from '../../../test/storage-helpers';
import { REPLAYED_HEADER } from '../ledger/idempotency';

describe.each(BACKENDS)('wallet, top-ups and payouts on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string; email: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  // A payout request carries a fresh two-factor code (issue 18 item 4; two-factor.test.ts).
  const post = async (url: string, cookie: string, payload?: object, headers = newKey()) =>
    t.request({
      method: 'POST',
      url,
      cookie,
      headers:
        url === '/api/v1/wallet/payouts'
          ? { ...headers, ...(await twoFactorHeaders(t, cookie)) }
          : headers,
      ...(payload ? { payload } : {}),
    });

  /** What the money decisions sent (sign-up sends a verification mail first). */
  const moneyMailsTo = async (email: string) =>
    (await mailsTo(t, email)).filter((mail) => /top-up|payout/i.test(mail.subject));

  const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;

  it('credits an approved top-up once, shows each figure on the way, and emails the buyer', async () => {
    const buyer = await signUpWithRole(t, 'publisher');
    expect(await walletOf(t, buyer.cookie)).toEqual({
      availableMicros: 0,
      heldMicros: 0,
      pendingTopUpMicros: 0,
      lifetimeEarnedMicros: 0,
      lifetimeSpentMicros: 0,
    });
    const id = await requestTopUp(t, buyer.cookie, 125 * EUR);
    expect(await walletOf(t, buyer.cookie)).toMatchObject({
      availableMicros: 0,
      pendingTopUpMicros: 125 * EUR,
    });

    const approved = await approveTopUp(t, admin.cookie, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ZTopUp.parse(approved.json())).toMatchObject({
      state: 'approved',
      decision: { reason: null, decidedBy: { id: admin.userId } },
    });
    expect(await walletOf(t, buyer.cookie)).toMatchObject({
      availableMicros: 125 * EUR,
      pendingTopUpMicros: 0,
      heldMicros: 0,
    });
    // Approving again is a new decision on a decided request.
    const again = await approveTopUp(t, admin.cookie, id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('invalid-state');
    expect(errorOf(again).message).toMatch(/already approved/);
    expect((await walletOf(t, buyer.cookie)).availableMicros).toBe(125 * EUR);

    const history = ZWalletTransactionList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/transactions', cookie: buyer.cookie })
      ).json(),
    );
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      kind: 'top-up',
      amountMicros: 125 * EUR,
      heldDeltaMicros: 0,
      balanceAfterMicros: 125 * EUR,
    });
    const mails = await moneyMailsTo(buyer.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your top-up of €125.00 is in your wallet']);
  });

  it('credits 50 concurrent approvals of one top-up with different keys once; the rest are 409', async () => {
    const buyer = await t.signUp();
    const id = await requestTopUp(t, buyer.cookie, 40 * EUR);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => approveTopUp(t, admin.cookie, id)),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(errorOf(res).code).toBe('invalid-state');
    expect((await walletOf(t, buyer.cookie)).availableMicros).toBe(40 * EUR);
    expect(await moneyMailsTo(buyer.email)).toHaveLength(1);
  });

  it('answers 50 concurrent approvals with the same key once and replays the rest', async () => {
    const buyer = await t.signUp();
    const id = await requestTopUp(t, buyer.cookie, 30 * EUR);
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(`/api/v1/admin/top-ups/${id}/approve`, admin.cookie, undefined, key),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(results.filter((res) => res.headers[REPLAYED_HEADER] === 'true')).toHaveLength(49);
    expect(new Set(results.map((res) => res.body)).size).toBe(1);
    expect((await walletOf(t, buyer.cookie)).availableMicros).toBe(30 * EUR);
    expect(await moneyMailsTo(buyer.email)).toHaveLength(1);
  });

  it('refuses a key reused for another request, and a money request without a key', async () => {
    const buyer = await t.signUp();
    const key = newKey();
    const first = await post(
      '/api/v1/wallet/top-ups',
      buyer.cookie,
      { amountMicros: 20 * EUR },
      key,
    );
    expect(first.statusCode).toBe(201);
    const replay = await post(
      '/api/v1/wallet/top-ups',
      buyer.cookie,
      { amountMicros: 20 * EUR },
      key,
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    const reused = await post(
      '/api/v1/wallet/top-ups',
      buyer.cookie,
      { amountMicros: 21 * EUR },
      key,
    );
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).code).toBe('idempotency-key-reused');
    const keyless = await t.request({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      cookie: buyer.cookie,
      payload: { amountMicros: 20 * EUR },
    });
    expect(keyless.statusCode).toBe(400);
    expect(errorOf(keyless).code).toBe('idempotency-key-required');
    const keylessApproval = await t.request({
      method: 'POST',
      url: `/api/v1/admin/top-ups/${ZTopUp.parse(first.json()).id}/approve`,
      cookie: admin.cookie,
    });
    expect(keylessApproval.statusCode).toBe(400);
    expect(errorOf(keylessApproval).code).toBe('idempotency-key-required');
    const list = ZTopUpList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/top-ups', cookie: buyer.cookie })
      ).json(),
    );
    expect(list.items).toHaveLength(1);
  });

  it.each([
    ['negative', -1, /cannot be negative/],
    ['zero', 0, /above zero/],
    ['fractional', 1.5, /whole numbers/],
    ['below the platform minimum', 9 * EUR, /at least €10\.00/],
    ['above the platform maximum', 50_001 * EUR, /at most €50,000\.00/],
    ['2^53', 2 ** 53, /too large/],
  ])(
    'refuses a %s top-up with a clear message and stores nothing',
    async (_, amountMicros, message) => {
      const buyer = await t.signUp();
      const res = await post('/api/v1/wallet/top-ups', buyer.cookie, { amountMicros });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(message);
      const stored = await t.app.deps.db
        .select()
        .from(topUpRequest)
        .where(eq(topUpRequest.userId, buyer.userId));
      expect(stored).toEqual([]);
    },
  );

  it('takes a receipt from the buyer’s own library only', async () => {
    const [buyer, stranger] = [await signUpForStorage(t), await signUpForStorage(t)];
    const own = await contentItemOf(t, buyer);
    const foreign = await contentItemOf(t, stranger);
    const refused = await post('/api/v1/wallet/top-ups', buyer.cookie, {
      amountMicros: 10 * EUR,
      receiptContentId: foreign,
    });
    expect(refused.statusCode).toBe(404);
    const accepted = await post('/api/v1/wallet/top-ups', buyer.cookie, {
      amountMicros: 10 * EUR,
      receiptContentId: own,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { reference } = ZTopUp.parse(accepted.json());
    expect(ZTopUp.parse(accepted.json()).receipt).toMatchObject({ contentId: own, name: 'Matrix' });
    // The super-user sees it in the queue, oldest first.
    const queue = ZTopUpList.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/admin/top-ups?state=pending',
          cookie: admin.cookie,
        })
      ).json(),
    );
    const paid = await t.request({
      method: 'GET',
      url: '/api/v1/admin/top-ups?state=paid',
      cookie: admin.cookie,
    });
    expect(paid.statusCode).toBe(400);
    const createdAt = queue.items.map((item) => item.createdAt);
    expect(createdAt).toEqual([...createdAt].sort());
    expect(queue.items.find((item) => item.reference === reference)?.receipt?.contentId).toBe(own);
  });

  it('requires a reason to refuse, and emails it escaped', async () => {
    const buyer = await t.signUp();
    const id = await requestTopUp(t, buyer.cookie, 10 * EUR);
    for (const payload of [{}, { reason: 'no' }, { reason: '   ' }]) {
      const res = await post(`/api/v1/admin/top-ups/${id}/reject`, admin.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const keyless = await t.request({
      method: 'POST',
      url: `/api/v1/admin/top-ups/${id}/reject`,
      cookie: admin.cookie,
      payload: { reason: 'Nothing arrived.' },
    });
    expect(keyless.statusCode).toBe(400);
    const rejected = await post(`/api/v1/admin/top-ups/${id}/reject`, admin.cookie, {
      reason: 'No transfer with <b>that</b> reference arrived.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(ZTopUp.parse(rejected.json())).toMatchObject({
      state: 'rejected',
      decision: { reason: 'No transfer with <b>that</b> reference arrived.' },
    });
    const [mail] = await moneyMailsTo(buyer.email);
    expect(mail?.text).toContain('No transfer with <b>that</b> reference arrived.');
    expect(mail?.html).toContain('No transfer with &lt;b&gt;that&lt;/b&gt; reference arrived.');
    expect(await walletOf(t, buyer.cookie)).toMatchObject({
      availableMicros: 0,
      pendingTopUpMicros: 0,
    });
    const late = await approveTopUp(t, admin.cookie, id);
    expect(late.statusCode).toBe(409);
  });

  it('lets concurrent payouts racing for the same funds take no more than the wallet holds', async () => {
    const owner = await withTwoFactor(t, await signUpWithRole(t, 'advertiser'));
    await fund(t, owner.cookie, admin.cookie, 100 * EUR);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/v1/wallet/payouts', owner.cookie, {
          amountMicros: 60 * EUR,
          destination: { accountHolder: 'Ada Owner', iban: IBAN },
        }),
      ),
    );
    const accepted = results.filter((res) => res.statusCode === 201);
    expect(accepted).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('insufficient-funds');
    }
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 40 * EUR,
      heldMicros: 60 * EUR,
    });
    const over = await post('/api/v1/wallet/payouts', owner.cookie, {
      amountMicros: 41 * EUR,
      destination: { accountHolder: 'Ada Owner', iban: IBAN },
    });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toMatch(/at most €40\.00/);
  });

  it('stores the destination masked and encrypted, and shows it whole to super-users only', async () => {
    const owner = await withTwoFactor(t, await signUpWithRole(t, 'advertiser'));
    await fund(t, owner.cookie, admin.cookie, 20 * EUR);
    const res = await post('/api/v1/wallet/payouts', owner.cookie, {
      amountMicros: 15 * EUR,
      destination: { accountHolder: 'Ada Owner', iban: 'de89 3704 0044 0532 0130 00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const payout = ZPayout.parse(res.json());
    expect(payout.destination).toEqual({
      accountHolder: 'Ada Owner',
      ibanMasked: 'DE•• •••• 3000',
    });
    expect(res.body).not.toContain('0532');
    const [row] = await t.app.deps.db
      .select()
      .from(payoutRequest)
      .where(eq(payoutRequest.id, payout.id));
    expect(row?.ibanEncrypted).not.toContain('0532013000');
    const destination = await t.request({
      method: 'GET',
      url: `/api/v1/admin/payouts/${payout.id}/destination`,
      cookie: admin.cookie,
    });
    expect(destination.statusCode).toBe(200);
    expect(destination.headers['cache-control']).toBe('no-store');
    expect(destination.json()).toEqual({ accountHolder: 'Ada Owner', iban: IBAN });
    const badIban = await post('/api/v1/wallet/payouts', owner.cookie, {
      amountMicros: 10 * EUR,
      destination: { accountHolder: 'Ada Owner', iban: 'DE89370400440532013001' },
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.body).toMatch(/IBAN is not valid/);
    const small = await post('/api/v1/wallet/payouts', owner.cookie, {
      amountMicros: 1 * EUR,
      destination: { accountHolder: 'Ada Owner', iban: IBAN },
    });
    expect(small.statusCode).toBe(400);
    expect(small.body).toMatch(/A payout is at least €10\.00/);
  });

  it('returns a rejected payout’s funds, pays only approved ones, and emails each decision', async () => {
    const owner = await withTwoFactor(t, await signUpWithRole(t, 'advertiser'));
    await fund(t, owner.cookie, admin.cookie, 100 * EUR);
    const first = await requestPayout(t, owner.cookie, 30 * EUR);
    const second = await requestPayout(t, owner.cookie, 20 * EUR);
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 50 * EUR,
      heldMicros: 50 * EUR,
    });

    const early = await post(`/api/v1/admin/payouts/${first}/mark-paid`, admin.cookie);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('invalid-state');
    expect(errorOf(early).message).toMatch(/only a approved payout|only an? approved payout/);

    const noReason = await post(`/api/v1/admin/payouts/${second}/reject`, admin.cookie, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await post(`/api/v1/admin/payouts/${second}/reject`, admin.cookie, {
      reason: 'The account holder does not match.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 70 * EUR,
      heldMicros: 30 * EUR,
    });

    expect((await post(`/api/v1/admin/payouts/${first}/approve`, admin.cookie)).statusCode).toBe(
      200,
    );
    const paid = await post(`/api/v1/admin/payouts/${first}/mark-paid`, admin.cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    const paidPayout = ZPayout.parse(paid.json());
    expect(paidPayout.state).toBe('paid');
    expect(paidPayout.paidAt).not.toBeNull();
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 70 * EUR,
      heldMicros: 0,
    });
    const afterPaid = await post(`/api/v1/admin/payouts/${first}/reject`, admin.cookie, {
      reason: 'Too late to refuse.',
    });
    expect(afterPaid.statusCode).toBe(409);

    // An approved payout may still be refused: its funds return too.
    const third = await requestPayout(t, owner.cookie, 10 * EUR);
    expect((await post(`/api/v1/admin/payouts/${third}/approve`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (
        await post(`/api/v1/admin/payouts/${third}/reject`, admin.cookie, {
          reason: 'The bank refused it.',
        })
      ).statusCode,
    ).toBe(200);
    expect(await walletOf(t, owner.cookie)).toMatchObject({
      availableMicros: 70 * EUR,
      heldMicros: 0,
    });

    const own = ZPayoutList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/wallet/payouts', cookie: owner.cookie })
      ).json(),
    );
    expect(own.items.map((item) => item.state)).toEqual(['rejected', 'rejected', 'paid']);
    const subjects = (await moneyMailsTo(owner.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your payout of €20.00 was not approved',
        'Your payout of €30.00 was approved',
        'Your payout of €30.00 was sent',
        'Your payout of €10.00 was approved',
        'Your payout of €10.00 was not approved',
      ]),
    );

    const history = ZWalletTransactionList.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/wallet/transactions?limit=3',
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(history.items.map((item) => item.kind)).toEqual([
      'payout-release',
      'payout-hold',
      'payout-paid',
    ]);
    expect(history.items[0]).toMatchObject({
      amountMicros: 10 * EUR,
      heldDeltaMicros: -10 * EUR,
      balanceAfterMicros: 70 * EUR,
    });
    expect(history.items[2]).toMatchObject({ amountMicros: 0, heldDeltaMicros: -30 * EUR });
    expect(history.nextCursor).not.toBeNull();
    const rest = ZWalletTransactionList.parse(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/wallet/transactions?limit=50&cursor=${history.nextCursor}`,
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(rest.items.map((item) => item.kind)).toEqual([
      'payout-release',
      'payout-hold',
      'payout-hold',
      'top-up',
    ]);
    expect(rest.nextCursor).toBeNull();
    const payoutsOnly = ZWalletTransactionList.parse(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/wallet/transactions?kind=payout-hold',
          cookie: owner.cookie,
        })
      ).json(),
    );
    expect(payoutsOnly.items).toHaveLength(3);

    const csv = await t.request({
      method: 'GET',
      url: '/api/v1/wallet/transactions?from=2020-01-01&to=2099-12-31',
      cookie: owner.cookie,
      headers: { accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="wallet-transactions-2020-01-01-to-2099-12-31.csv"',
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,kind,description,campaign,amount,held_change,balance_after,amount_micros,held_change_micros,balance_after_micros',
    );
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toContain(',Top-up,');
    expect(lines.at(-1)).toContain(',100.000000,0.000000,100.000000,100000000,0,100000000');

    const none = await t.request({
      method: 'GET',
      url: '/api/v1/wallet/transactions?from=2020-01-01&to=2020-01-31',
      cookie: owner.cookie,
    });
    expect(ZWalletTransactionList.parse(none.json()).items).toEqual([]);
  });

  it('requests, approves and pays with the platform settings read afresh, inside the decision', async () => {
    // The settings are cached for 30 s; a miss inside a decision's transaction read them through
    // the pool, which on PGlite (one connection, held by that transaction) waited forever: a
    // top-up approved after a quiet half minute hung the server. Forgotten before each step here.
    const forget = () => t.app.deps.platformSettings.forget();
    const buyer = await signUpWithRole(t, 'publisher');
    forget();
    const id = await requestTopUp(t, buyer.cookie, 40 * EUR);
    forget();
    const approved = await approveTopUp(t, admin.cookie, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ZTopUp.parse(approved.json()).state).toBe('approved');
    const owner = await withTwoFactor(t, await signUpWithRole(t, 'advertiser'));
    await fund(t, owner.cookie, admin.cookie, 20 * EUR);
    const payout = await requestPayout(t, owner.cookie, 10 * EUR);
    expect((await post(`/api/v1/admin/payouts/${payout}/approve`, admin.cookie)).statusCode).toBe(
      200,
    );
    forget();
    const paid = await post(`/api/v1/admin/payouts/${payout}/mark-paid`, admin.cookie);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('answers 404 for a decision on a request that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-00000000abcd';
    for (const url of [
      `/api/v1/admin/top-ups/${missing}/approve`,
      `/api/v1/admin/payouts/${missing}/approve`,
      `/api/v1/admin/payouts/${missing}/mark-paid`,
    ])
      expect((await post(url, admin.cookie)).statusCode, url).toBe(404);
  });
});

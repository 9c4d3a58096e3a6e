import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZContactMessageList, ZContactMessageView } from '@screenline/shared/contact';
import { ZApiError } from '@screenline/shared/errors';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { mailsTo, signUpAdmin } from '../../../test/money-helpers';
import { user } from '../../db/schema/index';

const message = (n: number | string = 1) => ({
  name: 'Grace',
  email: `grace${n}@example.com`,
  subject: `Pricing ${n}`,
  message: 'How much per screen?',
});

let clients = 0;
/** A client address of its own: the rate limit counts per address, and each test starts fresh. */
const nextClient = () => `10.20.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;

describe.each(BACKENDS)('contact messages on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string; email: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const send = (payload: object, remoteAddress = nextClient(), headers = {}) =>
    t.request({ method: 'POST', url: '/api/v1/contact-messages', payload, remoteAddress, headers });

  const sendOk = async (payload: object) => {
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  const list = async (query = '') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/admin/contact-messages${query}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZContactMessageList.parse(res.json());
  };

  const act = (id: string, action: 'answer' | 'close' | 'reopen', answer?: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${id}/${action}`,
      cookie: admin.cookie,
      ...(action === 'answer' ? { payload: { answer } } : {}),
    });

  const read = async (id: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/admin/contact-messages/${id}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZContactMessageView.parse(res.json());
  };

  /** Every message stored, whatever its status. */
  const storedCount = async () => (await list('?limit=100')).items.length;

  it('stores a message and emails it to the super-users, linked to its admin page', async () => {
    const id = await sendOk(message('stored'));
    const mails = await mailsTo(t, admin.email);
    const mail = mails.find((m) => m.subject === 'Contact form: Pricing stored');
    expect(mail?.text).toContain(`/admin/contact-messages?message=${id}`);
    const stored = await read(id);
    expect(stored).toMatchObject({ ...message('stored'), status: 'open', answer: null });
  });

  it('refuses bad input with the failing fields and stores nothing', async () => {
    const before = await storedCount();
    const incomplete = await send({ name: 'Grace', email: 'not-an-email' });
    expect(incomplete.statusCode).toBe(400);
    const { error } = incomplete.json<{
      error: { code: string; details: { fields: { path: string }[] } };
    }>();
    expect(error.code).toBe('validation-failed');
    expect(error.details.fields.map((f) => f.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.subject', 'body.message']),
    );
    for (const bad of [
      { ...message(), message: '   ' },
      { ...message(), subject: 'x'.repeat(201) },
      { ...message(), message: 'x'.repeat(5001) },
      { ...message(), name: 'Gr\u0000ace' },
      { ...message(), email: ['grace@example.com'] },
      // Issue 18 item 7: addresses are limited to 254 characters.
      { ...message(), email: `${'g'.repeat(60_000)}@example.com` },
      { ...message(), email: `${'g'.repeat(243)}@example.com` },
    ]) {
      const res = await send(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(ZApiError.parse(res.json()).error.code).toBe('validation-failed');
    }
    expect(await storedCount()).toBe(before);
  });

  it('lets each client send 5 messages per 10 minutes, whatever headers it sends', async () => {
    const client = nextClient();
    for (let n = 0; n < 5; n += 1) {
      const res = await send(message(`limit-${n}`), client);
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await storedCount();
    const sixth = await send(message('limit-6'), client);
    expect(sixth.statusCode).toBe(429);
    expect(ZApiError.parse(sixth.json()).error.code).toBe('too-many-requests');
    // A forwarded-for header is not trusted (no TRUST_PROXY): it does not make a new client.
    const spoofed = await send(message('limit-7'), client, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.statusCode).toBe(429);
    expect(await storedCount()).toBe(before);
    // Another client is not affected.
    expect((await send(message('other-client'))).statusCode).toBe(201);
  });

  it('holds the 5 per 10 minutes behind a proxy: a client cannot choose its address with X-Forwarded-For', async () => {
    // Behind a trusted proxy the limit counts the address the proxy appended (the right-most
    // X-Forwarded-For entry), not what the client wrote before it (issue 18 item 3).
    for (const trustProxy of ['127.0.0.1', '1']) {
      const proxied = await createTestApp(backend, { TRUST_PROXY: trustProxy });
      try {
        const client = nextClient();
        const viaProxy = (n: number) =>
          proxied.request({
            method: 'POST',
            url: '/api/v1/contact-messages',
            payload: message(`proxied-${trustProxy}-${n}`),
            remoteAddress: '127.0.0.1',
            // What the client sent, then what the proxy appended: the client's real address.
            headers: { 'x-forwarded-for': `203.0.113.${n + 1}, ${client}` },
          });
        for (let n = 0; n < 5; n += 1) expect((await viaProxy(n)).statusCode, trustProxy).toBe(201);
        expect((await viaProxy(5)).statusCode, trustProxy).toBe(429);
        expect((await viaProxy(6)).statusCode, trustProxy).toBe(429);
        // Another client behind the same proxy still gets through.
        const other = await proxied.request({
          method: 'POST',
          url: '/api/v1/contact-messages',
          payload: message(`proxied-other-${trustProxy}`),
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': nextClient() },
        });
        expect(other.statusCode, trustProxy).toBe(201);
      } finally {
        await proxied.close();
      }
    }
  });

  it('lists newest first, filters by status and pages with a cursor', async () => {
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await sendOk(message(`page-${n}`)));
    const [first, second, third] = ids as [string, string, string];
    expect((await act(second, 'close')).statusCode).toBe(200);

    const open = await list('?status=open&limit=100');
    expect(open.items.every((m) => m.status === 'open')).toBe(true);
    const openIds = open.items.map((m) => m.id);
    expect(openIds).toContain(first);
    expect(openIds).not.toContain(second);
    expect(openIds.indexOf(third)).toBeLessThan(openIds.indexOf(first));
    expect((await list('?status=closed')).items.map((m) => m.id)).toContain(second);

    const all = (await list('?limit=100')).items.map((m) => m.id);
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(all);

    const badStatus = await t.request({
      method: 'GET',
      url: '/api/v1/admin/contact-messages?status=spam',
      cookie: admin.cookie,
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('answers 404 for an unknown message and 400 for a malformed id', async () => {
    const missing = await t.request({
      method: 'GET',
      url: `/api/v1/admin/contact-messages/${crypto.randomUUID()}`,
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect((await act(crypto.randomUUID(), 'close')).statusCode).toBe(404);
    const malformed = await t.request({
      method: 'GET',
      url: '/api/v1/admin/contact-messages/not-an-id',
      cookie: admin.cookie,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('stores an answer, who gave it and when, and emails it to the sender escaped', async () => {
    const hostile = {
      name: '<b>Mallory</b>',
      email: 'mallory@example.com',
      subject: 'Hi <script>alert(1)</script>',
      message: 'Click <a href="javascript:x">here</a>',
    };
    // Sent signed in, so the answer quotes it (the next test).
    const sender = await t.signUp();
    const sent = await send(hostile, nextClient(), { cookie: sender.cookie });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<{ id: string }>();
    const blank = await act(id, 'answer', '   ');
    expect(blank.statusCode).toBe(400);
    expect((await read(id)).status).toBe('open');

    const res = await act(id, 'answer', 'Use <img src=x onerror=alert(1)> carefully.\nThanks');
    expect(res.statusCode, res.body).toBe(200);
    const answered = ZContactMessageView.parse(res.json());
    expect(answered.status).toBe('answered');
    expect(answered.answer?.text).toBe('Use <img src=x onerror=alert(1)> carefully.\nThanks');
    expect(answered.answer?.answeredBy?.id).toBe(admin.userId);
    expect(Date.parse(answered.answer?.answeredAt ?? '')).not.toBeNaN();
    expect(await read(id)).toEqual(answered);

    const [mail, ...more] = await mailsTo(t, hostile.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Re: Hi <script>alert(1)</script>');
    expect(mail?.text).toContain('Use <img src=x onerror=alert(1)> carefully.');
    expect(mail?.html).not.toMatch(/<script|<img|<b>|<a href="javascript/);
    expect(mail?.html).toContain('Use &lt;img src=x onerror=alert(1)&gt; carefully.');
    expect(mail?.html).toContain('Hello &lt;b&gt;Mallory&lt;/b&gt;,');
  });

  it('quotes what the sender wrote only when the address is theirs (issue 18 item 7)', async () => {
    const answerFor = async (payload: object, headers = {}) => {
      const sent = await send(payload, nextClient(), headers);
      expect(sent.statusCode, sent.body).toBe(201);
      const res = await act(sent.json<{ id: string }>().id, 'answer', 'We can help with that.');
      expect(res.statusCode, res.body).toBe(200);
    };
    const phishing = {
      name: 'Your bank',
      subject: 'Urgent: confirm your account',
      message: 'Log in at https://evil.example/login to keep your account.',
    };
    // The answers only: an account's address has its sign-up mails too.
    const answersTo = async (address: string) =>
      (await mailsTo(t, address)).filter((m) => m.text.includes('We can help with that.'));
    const expectUnquoted = async (address: string) => {
      const [mail, ...more] = await answersTo(address);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('Your message to Screenline');
      expect(mail?.text).toContain('We can help with that.');
      for (const part of [mail?.text, mail?.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Urgent');
        expect(part).not.toContain('Your bank');
      }
    };
    const expectQuoted = async (address: string) => {
      const [mail, ...more] = await answersTo(address);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Re: ${phishing.subject}`);
      expect(mail?.text).toContain(phishing.message);
    };

    // A visitor typing a stranger's address: the stranger gets the team's answer alone.
    const stranger = `stranger-${Date.now()}@example.com`;
    await answerFor({ ...phishing, email: stranger });
    await expectUnquoted(stranger);

    // The address of an account that never confirmed it: the same.
    const unconfirmed = await t.signUp();
    await answerFor({ ...phishing, email: unconfirmed.email });
    await expectUnquoted(unconfirmed.email);

    // An account's confirmed address: its owner proved it reads that mailbox.
    const confirmed = await t.signUp();
    await t.database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.id, confirmed.userId));
    await answerFor({ ...phishing, email: confirmed.email.toUpperCase() });
    await expectQuoted(confirmed.email);

    // Typed by a signed-in user, who answers for it.
    const signedIn = await t.signUp();
    const typed = `typed-${Date.now()}@example.com`;
    await answerFor({ ...phishing, email: typed }, { cookie: signedIn.cookie });
    await expectQuoted(typed);
  });

  it('keeps one answer when two arrive at once, and mails only that one', async () => {
    const id = await sendOk(message('race'));
    const results = await Promise.all([
      act(id, 'answer', 'First answer'),
      act(id, 'answer', 'Second answer'),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const loser = results.find((r) => r.statusCode === 409)!;
    const refusal = ZApiError.parse(loser.json()).error;
    expect(refusal.code).toBe('invalid-state');
    expect(refusal.message).toContain('already answered');
    const stored = await read(id);
    expect(stored.answer?.text).toBe(ZContactMessageView.parse(winner.json()).answer?.text);
    const mails = await mailsTo(t, message('race').email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(stored.answer?.text);
  });

  it('settles an answer and a close that arrive at once consistently', async () => {
    const id = await sendOk(message('answer-close'));
    const [answer, close] = await Promise.all([
      act(id, 'answer', 'Racing the close'),
      act(id, 'close'),
    ]);
    expect(close.statusCode).toBe(200);
    expect([200, 409]).toContain(answer.statusCode);
    const stored = await read(id);
    expect(stored.status).toBe('closed');
    const mails = await mailsTo(t, message('answer-close').email);
    if (answer.statusCode === 200) {
      expect(stored.answer?.text).toBe('Racing the close');
      expect(mails).toHaveLength(1);
    } else {
      expect(stored.answer).toBeNull();
      expect(mails).toHaveLength(0);
    }
  });

  it('refuses to answer a closed message, to close twice and to reopen an open one', async () => {
    const id = await sendOk(message('closed'));
    const closed = await act(id, 'close');
    expect(closed.statusCode).toBe(200);
    expect(ZContactMessageView.parse(closed.json()).closed?.closedBy?.id).toBe(admin.userId);

    const answer = await act(id, 'answer', 'Too late');
    expect(answer.statusCode).toBe(409);
    expect(ZApiError.parse(answer.json()).error).toEqual({
      code: 'invalid-state',
      message: 'This message is closed. Reopen it to answer.',
    });
    expect(await mailsTo(t, message('closed').email)).toEqual([]);
    expect((await read(id)).answer).toBeNull();

    const again = await act(id, 'close');
    expect(again.statusCode).toBe(409);
    expect(ZApiError.parse(again.json()).error.message).toContain('already closed');

    const reopened = await act(id, 'reopen');
    expect(reopened.statusCode).toBe(200);
    expect(ZContactMessageView.parse(reopened.json())).toMatchObject({
      status: 'open',
      closed: null,
    });
    expect((await act(id, 'reopen')).statusCode).toBe(409);

    // An answered message reopens as answered: its answer is never overwritten.
    expect((await act(id, 'answer', 'Now answered')).statusCode).toBe(200);
    expect((await act(id, 'close')).statusCode).toBe(200);
    const back = ZContactMessageView.parse((await act(id, 'reopen')).json());
    expect(back).toMatchObject({ status: 'answered', answer: { text: 'Now answered' } });
    expect((await act(id, 'answer', 'Another')).statusCode).toBe(409);
  });
});

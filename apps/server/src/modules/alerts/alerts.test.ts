import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERT_DIGEST_THRESHOLD,
  ZAlertIncidentList,
  ZAlertSettings,
  ZAlertWebhookBody,
  type TAlertWebhookBody,
} from '@screenline/shared/alerts';
import { ZApiError } from '@screenline/shared/errors';
import type { TPlayerHeartbeat } from '@screenline/shared/player';
import {
  adSpace,
  alertIncident,
  alertSettings,
  device,
  monetizationRequest,
  playlist,
} from '../../db/schema/index';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { insertAdSpace } from '../../../test/screen-rows';
import { signUpOwner, type TOwner } from '../../../test/screens-helpers';
import type { TMail } from '../mail/mail.service';
import { createAlertEvaluator } from './alert-evaluator';
import { createAlertsRepository } from './alerts.repository';
import { createScreenContext } from './screen-context';

const MINUTE = 60_000;
/** A Wednesday, 12:00 UTC: inside the on hours used below. */
const NOON = Date.UTC(2026, 10, 25, 12);

describe.each(BACKENDS)('screen alerts on %s', (backend) => {
  let t: TTestApp;
  let ann: TOwner;
  let mails: TMail[];
  let hooks: { ownerId: string; body: TAlertWebhookBody }[];

  const evaluator = () =>
    createAlertEvaluator({
      repo: createAlertsRepository(t.app.deps.db),
      mail: { enqueue: async (mail) => void mails.push(mail) },
      webhooks: {
        enqueue: async (ownerId, body) =>
          void hooks.push({ ownerId, body: ZAlertWebhookBody.parse(JSON.parse(body)) }),
      },
      context: createScreenContext(
        t.app.deps.db,
        t.app.deps.storage,
        t.app.deps.config.storageBucket,
      ),
      adSpacesUrl: 'http://127.0.0.1:3000/advertiser/ad-spaces',
      log: t.app.log,
    });

  const saveSettings = (owner: TOwner, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/v1/alerts/settings', cookie: owner.cookie, payload });

  const seen = (id: string, atMs: number) =>
    t.app.deps.db
      .update(adSpace)
      .set({ lastSeenAt: new Date(atMs) })
      .where(eq(adSpace.id, id));

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    mails = [];
    hooks = [];
    // Each test has its own owner: the evaluator looks at every owner with settings.
    // eslint-disable-next-line drizzle/enforce-delete-with-where -- every owner's, on purpose
    await t.app.deps.db.delete(alertIncident);
    // eslint-disable-next-line drizzle/enforce-delete-with-where -- every owner's, on purpose
    await t.app.deps.db.delete(alertSettings);
    ann = await signUpOwner(t);
    const res = await saveSettings(ann, {
      emails: ['ops@example.com', 'owner@example.com'],
      webhookUrl: 'https://hooks.example.com/screenline',
      offlineAfterMinutes: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('saves the recipients with a signing key, and refuses bad addresses and private webhooks', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/alerts/settings',
      cookie: ann.cookie,
    });
    const settings = ZAlertSettings.parse(res.json());
    expect(settings).toMatchObject({
      emails: ['ops@example.com', 'owner@example.com'],
      webhookUrl: 'https://hooks.example.com/screenline',
      offlineAfterMinutes: 10,
      digestThreshold: ALERT_DIGEST_THRESHOLD,
    });
    expect(settings.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    // The key stays when the settings change.
    await saveSettings(ann, { emails: [], webhookUrl: null, offlineAfterMinutes: 30 });
    const again = ZAlertSettings.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/alerts/settings', cookie: ann.cookie })
      ).json(),
    );
    expect(again.webhookSecret).toBe(settings.webhookSecret);

    for (const [payload, path] of [
      [{ emails: ['not-an-address'], webhookUrl: null, offlineAfterMinutes: 10 }, 'body.emails.0'],
      [
        { emails: [], webhookUrl: 'http://127.0.0.1:8080/hook', offlineAfterMinutes: 10 },
        'body.webhookUrl',
      ],
      [
        { emails: [], webhookUrl: 'http://169.254.169.254/latest', offlineAfterMinutes: 10 },
        'body.webhookUrl',
      ],
      [{ emails: [], webhookUrl: 'http://[::1]/hook', offlineAfterMinutes: 10 }, 'body.webhookUrl'],
      [
        { emails: [], webhookUrl: 'http://localhost:3000/hook', offlineAfterMinutes: 10 },
        'body.webhookUrl',
      ],
      [
        { emails: [], webhookUrl: 'ftp://example.com/x', offlineAfterMinutes: 10 },
        'body.webhookUrl',
      ],
      [{ emails: [], webhookUrl: null, offlineAfterMinutes: 1 }, 'body.offlineAfterMinutes'],
    ] as const) {
      const refused = await saveSettings(ann, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      const { error } = ZApiError.parse(refused.json());
      expect(JSON.stringify(error.details)).toContain(path);
    }
    // Nothing changed by the refusals.
    const after = ZAlertSettings.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/alerts/settings', cookie: ann.cookie })
      ).json(),
    );
    expect(after).toMatchObject({ emails: [], webhookUrl: null, offlineAfterMinutes: 30 });
  });

  it('tells once when a screen goes offline and once when it is back, saying what should play and what it costs', async () => {
    const [loop] = await t.app.deps.db
      .insert(playlist)
      .values({
        ownerId: ann.userId,
        name: 'Morning loop',
        items: [
          {
            id: 'poster',
            type: 'content',
            contentId: crypto.randomUUID(),
            kind: 'image',
            durationSeconds: 30,
          },
          { id: 'slot', type: 'adSlot', lengthSeconds: 30 },
        ],
      })
      .returning({ id: playlist.id });
    const id = await insertAdSpace(t, ann.userId, {
      name: 'Lobby',
      timeZone: 'UTC',
      defaultPlaylistId: loop!.id,
    });
    await t.app.deps.db.insert(monetizationRequest).values({
      adSpaceId: id,
      ownerId: ann.userId,
      floorMicrosPerSecond: 1000,
      state: 'approved',
      approvedAt: new Date(NOON - 86_400_000),
    });
    const alerts = evaluator();

    // Seen 5 minutes ago: offline (past the 2-minute window) but not for the stated 10 minutes.
    await seen(id, NOON - 5 * MINUTE);
    expect(await alerts.evaluate(new Date(NOON))).toMatchObject({ opened: 1, announced: 0 });
    expect(mails).toHaveLength(0);

    const announced = await alerts.evaluate(new Date(NOON + 6 * MINUTE));
    expect(announced).toMatchObject({ announced: 1, emails: 2, webhookCalls: 1, digests: 0 });
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ops@example.com', 'owner@example.com']);
    expect(mails[0]!.subject).toBe('Screenline: Lobby is offline');
    expect(mails[0]!.text).toContain('It should be playing “Morning loop” now.');
    // Floor 1,000 micros a second × half the loop in ad slots × 3,600 s.
    expect(hooks[0]!.body.events[0]).toMatchObject({
      state: 'open',
      kind: 'offline',
      shouldBePlaying: 'Morning loop',
      revenueAtRiskMicrosPerHour: 1_800_000,
      failingSince: new Date(NOON - 5 * MINUTE).toISOString(),
    });

    // Still offline: no second message.
    await alerts.evaluate(new Date(NOON + 20 * MINUTE));
    expect(mails).toHaveLength(2);

    // Back: one message each, then nothing.
    await seen(id, NOON + 30 * MINUTE);
    expect(await alerts.evaluate(new Date(NOON + 31 * MINUTE))).toMatchObject({ resolved: 1 });
    expect(mails.slice(2).map((mail) => mail.subject)).toEqual([
      'Screenline: Lobby is back online',
      'Screenline: Lobby is back online',
    ]);
    expect(hooks[1]!.body.events[0]).toMatchObject({ state: 'resolved', kind: 'offline' });
    await alerts.evaluate(new Date(NOON + 32 * MINUTE));
    expect(mails).toHaveLength(4);

    const list = ZAlertIncidentList.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/alerts/incidents', cookie: ann.cookie })
      ).json(),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        adSpace: { id, name: 'Lobby' },
        kind: 'offline',
        resolvedAt: new Date(NOON + 31 * MINUTE).toISOString(),
      }),
    ]);
  });

  it('says nothing about an outage that ended before the window, and a blip resolves silently', async () => {
    const id = await insertAdSpace(t, ann.userId, { timeZone: 'UTC' });
    const alerts = evaluator();
    await seen(id, NOON - 3 * MINUTE);
    await alerts.evaluate(new Date(NOON));
    await seen(id, NOON + 1 * MINUTE);
    expect(await alerts.evaluate(new Date(NOON + 2 * MINUTE))).toMatchObject({ resolved: 1 });
    expect(mails).toHaveLength(0);
    expect(hooks).toHaveLength(0);
  });

  it('is muted while the screen is scheduled off, and counts an outage from the start of the on hours', async () => {
    const id = await insertAdSpace(t, ann.userId, { timeZone: 'UTC' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/v1/ad-spaces/${id}/power-schedule`,
      cookie: ann.cookie,
      payload: {
        powerSchedule: {
          ranges: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '08:00', endTime: '20:00' }],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const alerts = evaluator();
    const evening = Date.UTC(2026, 10, 25, 20);
    const morning = Date.UTC(2026, 10, 26, 8);
    // Switched off at 20:00 as planned: all night, nothing.
    await seen(id, evening);
    for (const at of [evening + 30 * MINUTE, evening + 6 * 60 * MINUTE, morning - MINUTE])
      await alerts.evaluate(new Date(at));
    expect(mails).toHaveLength(0);
    // 08:05: not yet 10 minutes into the on hours.
    await alerts.evaluate(new Date(morning + 5 * MINUTE));
    expect(mails).toHaveLength(0);
    // 08:11: the TV did not come on: offline since 08:00, told once.
    await alerts.evaluate(new Date(morning + 11 * MINUTE));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('is offline'),
      expect.stringContaining('is offline'),
    ]);
    expect(hooks[0]!.body.events[0]!.failingSince).toBe(new Date(morning).toISOString());
    // The status is "scheduled-off" at night, not offline.
    const night = await t.request({
      method: 'GET',
      url: `/api/v1/ad-spaces/${id}/power-schedule`,
      cookie: ann.cookie,
    });
    expect(night.statusCode).toBe(200);
  });

  it('sends one digest when many screens fail at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < ALERT_DIGEST_THRESHOLD; i += 1)
      ids.push(await insertAdSpace(t, ann.userId, { name: `Screen ${i + 1}`, timeZone: 'UTC' }));
    for (const id of ids) await seen(id, NOON - 30 * MINUTE);
    const result = await evaluator().evaluate(new Date(NOON));
    expect(result).toMatchObject({
      announced: ALERT_DIGEST_THRESHOLD,
      digests: 1,
      emails: 2,
      webhookCalls: 1,
    });
    expect(mails[0]!.subject).toBe(
      `Screenline: ${ALERT_DIGEST_THRESHOLD} screens need attention (${ALERT_DIGEST_THRESHOLD} alerts)`,
    );
    for (let i = 0; i < ALERT_DIGEST_THRESHOLD; i += 1)
      expect(mails[0]!.text).toContain(`Screen ${i + 1} (Main street) is offline`);
    expect(hooks[0]!.body).toMatchObject({ type: 'digest' });
    expect(hooks[0]!.body.events).toHaveLength(ALERT_DIGEST_THRESHOLD);
  });

  it('tells about a stuck download and storage running out, from the heartbeat', async () => {
    const id = await insertAdSpace(t, ann.userId, { name: 'Bar', timeZone: 'UTC' });
    const [tv] = await t.app.deps.db
      .insert(device)
      .values({
        ownerId: ann.userId,
        adSpaceId: id,
        deviceKey: `alerts-${crypto.randomUUID()}`,
        userAgent: 'Test',
        appVersion: '1.0.0',
        tokenHash: crypto.randomUUID(),
      })
      .returning({ id: device.id });
    const beat = (atMs: number, heartbeat: Partial<TPlayerHeartbeat>) =>
      Promise.all([
        seen(id, atMs),
        t.app.deps.db
          .update(device)
          .set({
            lastSeenAt: new Date(atMs),
            heartbeat: {
              appVersion: '1.0.0',
              manifestVersion: 'v1',
              storage: { usedBytes: 10, quotaBytes: 100, persisted: true },
              cache: {
                filesReady: 1,
                filesNeeded: 3,
                bytesReady: 100,
                bytesNeeded: 300,
                problem: null,
              },
              nowPlaying: null,
              ...heartbeat,
            },
          })
          .where(eq(device.id, tv!.id)),
      ]);
    const alerts = evaluator();
    await beat(NOON, {});
    await alerts.evaluate(new Date(NOON));
    // Progress restarts the clock.
    await beat(NOON + 20 * MINUTE, {
      cache: { filesReady: 2, filesNeeded: 3, bytesReady: 200, bytesNeeded: 300, problem: null },
    });
    await alerts.evaluate(new Date(NOON + 20 * MINUTE));
    await beat(NOON + 45 * MINUTE, {
      cache: { filesReady: 2, filesNeeded: 3, bytesReady: 200, bytesNeeded: 300, problem: null },
    });
    await alerts.evaluate(new Date(NOON + 45 * MINUTE));
    expect(mails).toHaveLength(0);
    await beat(NOON + 51 * MINUTE, {
      cache: { filesReady: 2, filesNeeded: 3, bytesReady: 200, bytesNeeded: 300, problem: null },
      storage: { usedBytes: 95, quotaBytes: 100, persisted: true },
    });
    await alerts.evaluate(new Date(NOON + 51 * MINUTE));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Screenline: Bar has a download stuck',
      'Screenline: Bar has a download stuck',
      'Screenline: Bar is running out of storage',
      'Screenline: Bar is running out of storage',
    ]);
    expect(mails.find((mail) => mail.subject.includes('storage'))!.text).toContain('95%');
  });
});

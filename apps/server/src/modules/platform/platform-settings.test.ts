import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLedgerAudit } from '@screenline/shared/ledger';
import {
  PLATFORM_SETTINGS_DEFAULTS,
  type TPlatformSettingsInput,
  ZPlatformSettings,
} from '@screenline/shared/platform-settings';
import { ZDeviceRegistration, ZPlayerManifest } from '@screenline/shared/player';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import { EUR, newKey, signUpAdmin, signUpWithRole } from '../../../test/money-helpers';
import { insertAdSpace } from '../../../test/screen-rows';

describe.each(BACKENDS)('platform settings and the ledger audit on %s', (backend) => {
  let t: TTestApp;
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const {
    updatedAt: _at,
    updatedBy: _by,
    ...defaults
  } = {
    ...PLATFORM_SETTINGS_DEFAULTS,
    updatedAt: null,
    updatedBy: null,
  };

  const save = (input: TPlatformSettingsInput) =>
    t.request({
      method: 'PUT',
      url: '/api/v1/admin/platform-settings',
      cookie: admin.cookie,
      payload: input,
    });

  it('answers the defaults until saved, then what a super-user saved, and holds top-ups to it', async () => {
    const user = await t.signUp();
    const before = await t.request({
      method: 'GET',
      url: '/api/v1/platform-settings',
      cookie: user.cookie,
    });
    expect(before.statusCode).toBe(200);
    expect(ZPlatformSettings.parse(before.json())).toMatchObject({
      ...defaults,
      updatedAt: null,
      updatedBy: null,
    });

    const refused = await save({ ...defaults, topUpMinMicros: 20 * EUR, topUpMaxMicros: 10 * EUR });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/The largest top-up must be at least the smallest/);

    const saved = await save({
      ...defaults,
      topUpMinMicros: 25 * EUR,
      commissionBasisPoints: 1500,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = ZPlatformSettings.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/platform-settings', cookie: user.cookie })
      ).json(),
    );
    expect(after).toMatchObject({
      topUpMinMicros: 25 * EUR,
      commissionBasisPoints: 1500,
      updatedBy: { id: admin.userId },
    });
    const small = await t.request({
      method: 'POST',
      url: '/api/v1/wallet/top-ups',
      cookie: user.cookie,
      headers: newKey(),
      payload: { amountMicros: 20 * EUR },
    });
    expect(small.statusCode).toBe(400);
    expect(small.body).toMatch(/at least €25\.00/);
    expect((await save(defaults)).statusCode).toBe(200);
  });

  it('hands a saved player setting to every TV at once', async () => {
    const owner = await signUpWithRole(t, 'advertiser');
    const space = await insertAdSpace(t, owner.userId);
    const registration = await t.request({
      method: 'POST',
      url: '/api/v1/player/devices',
      cookie: owner.cookie,
      payload: {
        deviceKey: 'settings-device-key-0001',
        adSpaceId: space,
        userAgent: 'Test',
        appVersion: '0.0.0',
      },
    });
    expect(registration.statusCode, registration.body).toBe(201);
    const { token } = ZDeviceRegistration.parse(registration.json());
    const manifest = async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/v1/player/manifest',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZPlayerManifest.parse(res.json());
    };
    expect((await manifest()).settings).toEqual(defaults.player);
    const player = { ...defaults.player, pollIntervalSeconds: 30 };
    expect((await save({ ...defaults, player })).statusCode).toBe(200);
    // The manifest was cached before the save: the save dropped it.
    expect((await manifest()).settings).toEqual(player);
    expect((await save(defaults)).statusCode).toBe(200);
  });

  it('answers the ledger audit to super-users', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/admin/ledger/audit',
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(ZLedgerAudit.parse(res.json())).toMatchObject({
      balanced: true,
      totalMicros: 0,
      negativeWallets: 0,
      problems: [],
    });
  });
});

import { createOTP } from '@better-auth/utils/otp';
import { z } from 'zod';
import type { TDaypart } from '@screenline/shared/campaign';
import { ZPlatformSettings } from '@screenline/shared/platform-settings';
import { TWO_FACTOR_CODE_HEADER } from '@screenline/shared/two-factor';
import { ZWallet } from '@screenline/shared/wallet';
import { API, apiPath } from '@screenline/shared/api-paths';
import { DEMO_TOTP_SECRET, type TDemoSessions } from './accounts';
import type { TDemoClient, TDemoSession } from './demo-client';
import { addDays, EUR, ZId } from './seed-helpers';
import { SPACES } from './venues';

// The marketplace: monetized screens, the platform's bank details, the buyers' wallets, their
// campaigns and the owner's payout request.

const ZCampaignMade = z.object({ id: z.string(), startDate: z.string(), endDate: z.string() });

export interface TRunningCampaign {
  id: string;
  startDate: string;
  endDate: string;
  bid: number;
  budget: number;
  dailyCap: number | null;
  creativeIds: string[];
  dayparts: TDaypart[];
  spaces: Set<string>;
  /** What the plays sent so far will be charged (pacing reads it as the TV's server would). */
  spent: number;
  /** The same by local day at the screen (the daily cap's day, as settlement counts it). */
  spentByDay: Map<string, number>;
}

/** Monetization: requested by the owner, approved (or left pending) by the super-user. */
export async function requestMonetization(
  client: TDemoClient,
  { owner, admin }: Pick<TDemoSessions, 'owner' | 'admin'>,
  spaceIds: Map<string, string>,
): Promise<void> {
  const { call } = client;
  for (const space of SPACES) {
    const floor = space.floor ?? space.pending;
    if (floor === undefined || floor === null) continue;
    const request = ZId.parse(
      await call({
        method: 'POST',
        url: API.monetizationRequests,
        cookie: owner.cookie,
        payload: { adSpaceId: spaceIds.get(space.key), floorMicrosPerSecond: floor },
      }),
    );
    if (space.floor !== null) {
      await call({
        method: 'POST',
        url: apiPath(API.adminMonetizationRequestApprove, { id: request.id }),
        cookie: admin.cookie,
      });
    }
  }
}

/**
 * The platform's bank details (issue 22): top-ups show them, receipts print them. The IBAN is
 * the ISO 13616 example, a valid number that belongs to no one.
 */
export async function setPlatformBankDetails(
  client: TDemoClient,
  admin: TDemoSession,
): Promise<void> {
  const { call } = client;
  const settings = ZPlatformSettings.parse(
    await call({ method: 'GET', url: API.platformSettings, cookie: admin.cookie }),
  );
  const { updatedAt: _at, updatedBy: _by, ...fields } = settings;
  await call({
    method: 'PUT',
    url: API.adminPlatformSettings,
    cookie: admin.cookie,
    payload: {
      ...fields,
      bank: {
        accountHolder: 'Screenline Demo GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
        address: 'Demo-Allee 1, 10115 Berlin, Germany. VAT ID DE000000000',
      },
    },
  });
}

/** Money: top-ups requested by the buyers and approved by the super-user (one of Kaito's waits). */
export async function topUpWallets(
  client: TDemoClient,
  { buyer, buyer2, admin }: Pick<TDemoSessions, 'buyer' | 'buyer2' | 'admin'>,
): Promise<void> {
  const { call } = client;
  // The platform makes each top-up's reference (SL-XXXX-XXXX).
  const topUp = async (session: TDemoSession, amountMicros: number) =>
    ZId.parse(
      await call({
        method: 'POST',
        url: API.walletTopUps,
        cookie: session.cookie,
        idempotent: true,
        payload: { amountMicros },
      }),
    ).id;
  const approveTopUp = (id: string) =>
    call({
      method: 'POST',
      url: apiPath(API.adminTopUpApprove, { id }),
      cookie: admin.cookie,
      idempotent: true,
    });
  await approveTopUp(await topUp(buyer, 1500 * EUR));
  await approveTopUp(await topUp(buyer2, 250 * EUR));
  await topUp(buyer2, 400 * EUR);
}

/**
 * Campaigns: two of Aurora's running since the simulated week began; Kaito's waits. Answers the
 * running ones as the simulation tracks them.
 */
export async function seedCampaigns(
  client: TDemoClient,
  { buyer, buyer2, admin }: Pick<TDemoSessions, 'buyer' | 'buyer2' | 'admin'>,
  input: {
    buyerContent: Map<string, string>;
    buyer2Content: Map<string, string>;
    spaceIds: Map<string, string>;
    today: string;
    days: number;
  },
): Promise<TRunningCampaign[]> {
  const { call } = client;
  const { buyerContent, buyer2Content, spaceIds, today, days } = input;
  const monetized = SPACES.filter((s) => s.floor !== null);
  // A day before the first simulated one: the flight's days are each screen's local days.
  const flightStart = addDays(today, -days - 1);
  const campaignPlans = [
    {
      name: 'Aurora Oat Latte: launch',
      creatives: ['latte', 'beans'],
      spaces: monetized.map((s) => s.key),
      bid: 4000,
      budget: 900 * EUR,
      dailyCap: 140 * EUR,
      destinationUrl: 'https://aurora-coffee.example/oat-latte',
      category: 'food-drink' as const,
    },
    {
      name: 'Cold brew delivery: night owls',
      creatives: ['night'],
      spaces: ['newyork-lobby', 'tokyo-platform'],
      bid: 2500,
      budget: 300 * EUR,
      dailyCap: null,
      destinationUrl: 'https://aurora-coffee.example/delivery',
      category: 'food-drink' as const,
    },
  ];
  const running: TRunningCampaign[] = [];
  for (const plan of campaignPlans) {
    const made = ZCampaignMade.parse(
      await call({
        method: 'POST',
        url: API.campaigns,
        cookie: buyer.cookie,
        payload: {
          name: plan.name,
          creativeIds: plan.creatives.map((key) => buyerContent.get(key)!),
          targeting: { adSpaceIds: plan.spaces.map((key) => spaceIds.get(key)!) },
          startDate: flightStart,
          endDate: addDays(today, 23),
          dayparts: [],
          bidMicrosPerSecond: plan.bid,
          budgetMicros: plan.budget,
          dailyCapMicros: plan.dailyCap,
          destinationUrl: plan.destinationUrl,
          category: plan.category,
        },
      }),
    );
    await call({
      method: 'POST',
      url: apiPath(API.campaignSubmit, { id: made.id }),
      cookie: buyer.cookie,
    });
    await call({
      method: 'POST',
      url: apiPath(API.adminCampaignApprove, { id: made.id }),
      cookie: admin.cookie,
      idempotent: true,
    });
    running.push({
      id: made.id,
      startDate: made.startDate,
      endDate: made.endDate,
      bid: plan.bid,
      budget: plan.budget,
      dailyCap: plan.dailyCap,
      creativeIds: plan.creatives.map((key) => buyerContent.get(key)!),
      dayparts: [],
      spaces: new Set(plan.spaces),
      spent: 0,
      spentByDay: new Map(),
    });
  }
  const pendingCampaign = ZId.parse(
    await call({
      method: 'POST',
      url: API.campaigns,
      cookie: buyer2.cookie,
      payload: {
        name: 'Kaito lunch sets: Shibuya',
        creativeIds: [buyer2Content.get('ramen')!, buyer2Content.get('ramen-night')!],
        targeting: { cities: ['Tokyo'] },
        startDate: addDays(today, 1),
        endDate: addDays(today, 30),
        dayparts: [{ weekdays: [1, 2, 3, 4, 5], startTime: '11:00', endTime: '15:00' }],
        bidMicrosPerSecond: 1500,
        budgetMicros: 200 * EUR,
        dailyCapMicros: 15 * EUR,
        destinationUrl: 'https://ramen-kaito.example/lunch',
        category: 'food-drink',
      },
    }),
  );
  await call({
    method: 'POST',
    url: apiPath(API.campaignSubmit, { id: pendingCampaign.id }),
    cookie: buyer2.cookie,
  });
  return running;
}

/** The owner asks for part of the earnings: a payout waiting for the super-user. */
export async function requestPayout(
  client: TDemoClient,
  owner: TDemoSession,
  log: (line: string) => void,
): Promise<void> {
  const { call } = client;
  const ownerWallet = ZWallet.parse(
    await call({ method: 'GET', url: API.wallet, cookie: owner.cookie }),
  );
  const payout = Math.max(10 * EUR, Math.floor((ownerWallet.availableMicros * 0.6) / EUR) * EUR);
  if (payout <= ownerWallet.availableMicros) {
    await call({
      method: 'POST',
      url: API.walletPayouts,
      cookie: owner.cookie,
      idempotent: true,
      // A fresh code from the owner's authenticator app (the demo key).
      headers: { [TWO_FACTOR_CODE_HEADER]: await createOTP(DEMO_TOTP_SECRET).totp() },
      payload: {
        amountMicros: payout,
        destination: { accountHolder: 'Lindqvist Screens GmbH', iban: 'DE89370400440532013000' },
      },
    });
  } else {
    log(`no payout: the owner earned ${ownerWallet.availableMicros / EUR} only`);
  }
}

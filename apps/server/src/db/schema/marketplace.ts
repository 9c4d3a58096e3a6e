import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TAdCategory } from '@screenline/shared/ad-category';
import { CAMPAIGN_STATES } from '@screenline/shared/campaign';
import { LEDGER_ACCOUNT_KINDS } from '@screenline/shared/ledger';
import { MONETIZATION_STATES } from '@screenline/shared/monetization';
import { LEDGER_TRANSACTION_KINDS, PAYOUT_STATES, TOP_UP_STATES } from '@screenline/shared/wallet';
import { user } from './auth';
import { contentItem } from './content';
import { adSpace, orientationEnum, venueTypeEnum } from './screens';

// The marketplace (issue 9): money, requests, campaigns. Amounts are micros in bigint columns
// read as JavaScript numbers (every amount is within Number.MAX_SAFE_INTEGER: the shared schemas
// refuse larger ones at the edge). The ledger's rules the database itself enforces are in the
// migration's SQL (0006): see docs/marketplace.md "The ledger".

const micros = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const timestamps = {
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
};

export const ledgerAccountKindEnum = pgEnum('ledger_account_kind', LEDGER_ACCOUNT_KINDS);
export const ledgerTransactionKindEnum = pgEnum(
  'ledger_transaction_kind',
  LEDGER_TRANSACTION_KINDS,
);
export const topUpStateEnum = pgEnum('top_up_state', TOP_UP_STATES);
export const payoutStateEnum = pgEnum('payout_state', PAYOUT_STATES);
export const monetizationStateEnum = pgEnum('monetization_state', MONETIZATION_STATES);
export const campaignStateEnum = pgEnum('campaign_state', CAMPAIGN_STATES);

/** The two platform accounts have fixed ids (the migration creates them). */
export const EXTERNAL_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
export const PLATFORM_REVENUE_ACCOUNT_ID = '00000000-0000-4000-8000-000000000002';

/**
 * One row: the platform settings (/admin/monetization). Absent until a super-user first saves
 * them; until then the defaults (PLATFORM_SETTINGS_DEFAULTS, and the server's PLAYER_* config).
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: smallint('id').primaryKey().default(1),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    minMicrosPerSecond: micros('min_micros_per_second').notNull(),
    topUpMinMicros: micros('top_up_min_micros').notNull(),
    topUpMaxMicros: micros('top_up_max_micros').notNull(),
    payoutMinMicros: micros('payout_min_micros').notNull(),
    payoutMaxMicros: micros('payout_max_micros').notNull(),
    /** Above it a top-up or payout needs two super-users' approvals (0010, issue 18). */
    fourEyesAboveMicros: micros('four_eyes_above_micros').notNull().default(10_000_000_000),
    /** TPlayerSettings, parsed with ZPlayerSettings when read. */
    player: jsonb('player').notNull(),
    /** TPlatformBankDetails (0016, issue 22), parsed with ZPlatformBankDetails when read. */
    bank: jsonb('bank')
      .notNull()
      .default({ accountHolder: '', iban: '', bic: '', bankName: '', address: '' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('platform_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A ledger account. `balance_micros` is a cache of the sum of its entries, kept by a trigger on
 * ledger_entry (never written by code) and checked by the audit; its CHECK is what makes a
 * wallet, a hold or the platform's revenue unable to go negative.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerAccountKindEnum('kind').notNull(),
    /** wallet and payout-hold: whose. Kept (no foreign key) when the user is deleted. */
    userId: text('user_id'),
    /** campaign-hold: which campaign. */
    campaignId: uuid('campaign_id'),
    balanceMicros: micros('balance_micros').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_account_non_negative', sql`${t.kind} = 'external' or ${t.balanceMicros} >= 0`),
    check(
      'ledger_account_owner',
      sql`(${t.kind} in ('wallet', 'payout-hold')) = (${t.userId} is not null)
        and (${t.kind} = 'campaign-hold') = (${t.campaignId} is not null)`,
    ),
    uniqueIndex('ledger_account_user_idx')
      .on(t.kind, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_account_campaign_idx')
      .on(t.campaignId)
      .where(sql`${t.campaignId} is not null`),
  ],
);

/**
 * A set of entries that sums to zero (a deferred constraint trigger checks it at commit).
 * Append-only, like its entries: the database refuses UPDATE and DELETE. References are plain
 * ids, so deleting what they name never rewrites history.
 */
export const ledgerTransaction = pgTable(
  'ledger_transaction',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerTransactionKindEnum('kind').notNull(),
    description: text('description').notNull(),
    /** Who made it happen (a super-user's approval, a buyer's cancel); null: the platform. */
    actorId: text('actor_id'),
    campaignId: uuid('campaign_id'),
    topUpId: uuid('top_up_id'),
    payoutId: uuid('payout_id'),
    /** impression-charge: the device whose batch it settles, and its ad space (earnings per space). */
    deviceId: uuid('device_id'),
    adSpaceId: uuid('ad_space_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transaction_campaign_idx').on(t.campaignId),
    index('ledger_transaction_ad_space_idx').on(t.adSpaceId, t.createdAt),
    index('ledger_transaction_created_idx').on(t.createdAt),
  ],
);

export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransaction.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccount.id),
    amountMicros: micros('amount_micros').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entry_non_zero', sql`${t.amountMicros} <> 0`),
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    index('ledger_entry_transaction_idx').on(t.transactionId),
  ],
);

/**
 * A money-moving request's first answer, per principal and key (DESIGN.md §3). Written in the
 * same transaction as the money it moved: a replay gets the stored answer, a different request
 * with the same key a 409.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    principalId: text('principal_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with anything else is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.principalId, t.key] }),
    index('idempotency_key_created_idx').on(t.createdAt),
  ],
);

const decisionColumns = {
  reason: text('reason'),
  decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  decidedAt: at('decided_at'),
};

/** Top-ups and payouts: the first of two approvals above the four-eyes amount (0010, issue 18). */
const firstApprovalColumns = {
  firstApprovedBy: text('first_approved_by').references(() => user.id, { onDelete: 'set null' }),
  firstApprovedAt: at('first_approved_at'),
};

export const topUpRequest = pgTable(
  'top_up_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountMicros: micros('amount_micros').notNull(),
    reference: text('reference').notNull(),
    /** How it is paid (TPaymentMethod, 0016). */
    paymentMethod: text('payment_method').notNull().default('bank-transfer'),
    /** The platform's SL-XXXX-XXXX (0016); null on requests from before, whose buyer wrote one. */
    paymentReference: text('payment_reference'),
    receiptContentId: uuid('receipt_content_id').references(() => contentItem.id, {
      onDelete: 'set null',
    }),
    state: topUpStateEnum('state').notNull().default('pending'),
    ...decisionColumns,
    ...firstApprovalColumns,
    ...timestamps,
  },
  (t) => [
    check('top_up_amount_positive', sql`${t.amountMicros} > 0`),
    uniqueIndex('top_up_payment_reference_idx').on(t.paymentReference),
    index('top_up_user_idx').on(t.userId, t.createdAt),
    index('top_up_state_idx').on(t.state, t.createdAt),
  ],
);

export const payoutRequest = pgTable(
  'payout_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountMicros: micros('amount_micros').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** What everyone is shown (maskIban). */
    ibanMasked: text('iban_masked').notNull(),
    /** The full IBAN, encrypted with the server's secret (lib/secrets.ts); only for paying it. */
    ibanEncrypted: text('iban_encrypted').notNull(),
    state: payoutStateEnum('state').notNull().default('pending'),
    ...decisionColumns,
    ...firstApprovalColumns,
    paidBy: text('paid_by').references(() => user.id, { onDelete: 'set null' }),
    paidAt: at('paid_at'),
    ...timestamps,
  },
  (t) => [
    check('payout_amount_positive', sql`${t.amountMicros} > 0`),
    index('payout_user_idx').on(t.userId, t.createdAt),
    index('payout_state_idx').on(t.state, t.createdAt),
  ],
);

export const monetizationRequest = pgTable(
  'monetization_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    floorMicrosPerSecond: micros('floor_micros_per_second').notNull(),
    state: monetizationStateEnum('state').notNull().default('pending'),
    /**
     * When it was approved and when that ended (suspended or withdrawn): the space was monetized
     * at this floor in between (issue 17: a play is billed only if it played then).
     */
    approvedAt: at('approved_at'),
    endedAt: at('ended_at'),
    /**
     * What campaigns target, as the super-user approved it (issue 17): editing the location's city
     * or venue type or the space's orientation changes nothing in the marketplace until the owner
     * asks for monetization again. Set on approval.
     */
    approvedCity: text('approved_city'),
    approvedVenueType: venueTypeEnum('approved_venue_type'),
    approvedOrientation: orientationEnum('approved_orientation'),
    ...decisionColumns,
    ...timestamps,
  },
  (t) => [
    check('monetization_floor_positive', sql`${t.floorMicrosPerSecond} > 0`),
    // One open request per space: pending or approved.
    uniqueIndex('monetization_open_idx')
      .on(t.adSpaceId)
      .where(sql`${t.state} in ('pending', 'approved')`),
    index('monetization_owner_idx').on(t.ownerId, t.createdAt),
    index('monetization_state_idx').on(t.state, t.createdAt),
  ],
);

export const campaign = pgTable(
  'campaign',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Content items of the owner's library, in order. */
    creativeIds: uuid('creative_ids').array().notNull(),
    /** TCampaignTargeting, parsed with ZCampaignTargeting when read. */
    targeting: jsonb('targeting').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** TDaypart[], parsed with ZStoredDaypart when read; empty: all day. */
    dayparts: jsonb('dayparts').notNull().default([]),
    bidMicrosPerSecond: micros('bid_micros_per_second').notNull(),
    budgetMicros: micros('budget_micros').notNull(),
    dailyCapMicros: micros('daily_cap_micros'),
    destinationUrl: text('destination_url'),
    /** TAdCategory (issue 22, migration 0014); null on drafts and campaigns from before. */
    category: text('category').$type<TAdCategory>(),
    state: campaignStateEnum('state').notNull().default('draft'),
    /** The latest decision (a refusal's reason while rejected). */
    ...decisionColumns,
    /**
     * When what its hold has left returns to the buyer (issue 17): set when it is canceled or
     * completed, HOLD_RELEASE_GRACE_MS later, so late plays shown while it was live are billed.
     */
    holdReleaseAt: at('hold_release_at'),
    ...timestamps,
  },
  (t) => [
    check('campaign_amounts_positive', sql`${t.bidMicrosPerSecond} > 0 and ${t.budgetMicros} > 0`),
    index('campaign_owner_idx').on(t.ownerId, t.createdAt),
    index('campaign_state_idx').on(t.state, t.createdAt),
    // "Which campaigns use this content item" (content references): creative_ids @> array[id].
    index('campaign_creatives_idx').using('gin', t.creativeIds),
    // The live campaigns by what they target (migration 0013 defines campaign_target_keys): a
    // space's fill reads only those that may match it (lib/target-keys.ts).
    index('campaign_live_target_idx')
      .using('gin', sql`campaign_target_keys(${t.targeting})`)
      .with({ fastupdate: false })
      .where(sql`${t.state} in ('approved', 'paused')`),
  ],
);

/** A campaign's state history (overview page), oldest first. */
export const campaignEvent = pgTable(
  'campaign_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    fromState: campaignStateEnum('from_state'),
    toState: campaignStateEnum('to_state').notNull(),
    /** Null: the platform (completion). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('campaign_event_campaign_idx').on(t.campaignId, t.at)],
);

/** The code in a QR overlay: one per campaign and ad space, so a scan says where it was seen. */
export const qrCode = pgTable(
  'qr_code',
  {
    code: text('code').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qr_code_campaign_space_idx').on(t.campaignId, t.adSpaceId)],
);

export const qrScan = pgTable(
  'qr_scan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id').references(() => adSpace.id, { onDelete: 'set null' }),
    scannedAt: at('scanned_at').notNull().defaultNow(),
  },
  (t) => [index('qr_scan_campaign_idx').on(t.campaignId, t.scannedAt)],
);

/** A super-user's edits of a monetized space's rotation (/admin/ad-playlists/edit/{adSpaceId}). */
export const adPlaylist = pgTable('ad_playlist', {
  adSpaceId: uuid('ad_space_id')
    .primaryKey()
    .references(() => adSpace.id, { onDelete: 'cascade' }),
  pinnedCampaignIds: uuid('pinned_campaign_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  excludedCampaignIds: uuid('excluded_campaign_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  houseAdContentIds: uuid('house_ad_content_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The last receipt number issued per calendar year (0016): no gaps, see receipt below. */
export const receiptCounter = pgTable('receipt_counter', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A PDF receipt (issue 22 item 4): numbered per year by receipt_counter in the transaction that
 * issues it, with the platform's and the recipient's details as they were then (`details`,
 * TReceiptDetails). Plain ids, like the ledger: deleting a user or a request keeps it.
 */
export const receipt = pgTable(
  'receipt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    topUpId: uuid('top_up_id'),
    payoutId: uuid('payout_id'),
    month: date('month', { mode: 'string' }),
    amountMicros: micros('amount_micros').notNull(),
    details: jsonb('details').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'receipt_kind',
      sql`${t.kind} in ('top-up', 'payout', 'monthly-spend', 'monthly-earnings')`,
    ),
    check(
      'receipt_subject',
      sql`(${t.kind} = 'top-up') = (${t.topUpId} is not null)
        and (${t.kind} = 'payout') = (${t.payoutId} is not null)
        and (${t.kind} like 'monthly-%') = (${t.month} is not null)`,
    ),
    check('receipt_amount_non_negative', sql`${t.amountMicros} >= 0`),
    uniqueIndex('receipt_number_idx').on(t.year, t.sequence),
    uniqueIndex('receipt_top_up_idx')
      .on(t.topUpId)
      .where(sql`${t.topUpId} is not null`),
    uniqueIndex('receipt_payout_idx')
      .on(t.payoutId)
      .where(sql`${t.payoutId} is not null`),
    uniqueIndex('receipt_month_idx')
      .on(t.userId, t.kind, t.month)
      .where(sql`${t.month} is not null`),
    index('receipt_user_idx').on(t.userId, t.issuedAt),
  ],
);

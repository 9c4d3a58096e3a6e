import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TAdCategory } from '@screenline/shared/ad-category';
import { APPROVAL_MODES } from '@screenline/shared/approval';
import { user } from './auth';
import { campaign } from './marketplace';
import { adSpace } from './screens';

// Owner approval (issue 22 item 1, migration 0014): docs/marketplace.md "Owner approval".

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const approvalModeEnum = pgEnum('approval_mode', APPROVAL_MODES);
/** Stored decisions only: "pending" is the absence of a row (before the deadline). */
export const spaceApprovalDecisionEnum = pgEnum('space_approval_decision', [
  'approved',
  'declined',
  'expired',
]);

/** How a space's campaigns are approved. No row: `platform` since ever. */
export const adSpaceApprovalPolicy = pgTable('ad_space_approval_policy', {
  adSpaceId: uuid('ad_space_id')
    .primaryKey()
    .references(() => adSpace.id, { onDelete: 'cascade' }),
  mode: approvalModeEnum('mode').notNull().default('platform'),
  allowedAdvertiserIds: text('allowed_advertiser_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  blockedAdvertiserIds: text('blocked_advertiser_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  blockedCategories: text('blocked_categories')
    .array()
    .$type<TAdCategory[]>()
    .notNull()
    .default(sql`'{}'`),
  /**
   * Since when the policy decides as it does now (set when the mode or, in rules mode, a rule
   * changes): settlement bills a play only if the campaign was approved on the space at its start.
   */
  effectiveSince: at('effective_since').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** An owner's decision on a campaign for one space, or its expiry (the sweep writes those). */
export const campaignSpaceApproval = pgTable(
  'campaign_space_approval',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    adSpaceId: uuid('ad_space_id')
      .notNull()
      .references(() => adSpace.id, { onDelete: 'cascade' }),
    decision: spaceApprovalDecisionEnum('decision').notNull(),
    reason: text('reason'),
    /** Null: the platform (an expiry), or the owner's account was deleted. */
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.adSpaceId] }),
    index('campaign_space_approval_space_idx').on(t.adSpaceId),
  ],
);

import { z } from 'zod';
import { ZDecision, ZMicros, ZPageQuery, ZPositiveMicros } from './money';
import { ZSettling, ZUnbilledCounts } from './proof-of-play';
import { text } from './text';
import { ZId } from './id';

/**
 * Monetization (issue 9 item 3, /advertiser/monetize): an owner asks for an ad space's ad slots to
 * be filled by paid campaigns, at a floor price per second. Ad slots are filled only while the
 * space's request is approved.
 *
 * pending → approved | rejected (reason); approved → suspended (super-user, reason) |
 * withdrawn (owner); pending → withdrawn (owner). A space has at most one open request (pending
 * or approved: a unique index says so); after rejected, withdrawn or suspended the owner may ask
 * again.
 */
export const MONETIZATION_STATES = [
  'pending',
  'approved',
  'rejected',
  'suspended',
  'withdrawn',
] as const;
export const ZMonetizationState = z.enum(MONETIZATION_STATES);
export type TMonetizationState = z.infer<typeof ZMonetizationState>;

/** POST /api/v1/monetization-requests → 201; floor ≥ the platform minimum per second. */
export const ZCreateMonetizationRequest = z.strictObject({
  adSpaceId: z.uuid('Pick an ad space.'),
  floorMicrosPerSecond: ZPositiveMicros,
});
export type TCreateMonetizationRequest = z.input<typeof ZCreateMonetizationRequest>;

export const ZMonetizationRequest = z.object({
  id: text(),
  adSpace: z.object({
    id: text(),
    name: text(),
    location: z.object({ id: text(), name: text(), city: text() }),
  }),
  owner: z.object({ id: text(), name: text(), email: text() }),
  floorMicrosPerSecond: ZMicros,
  state: ZMonetizationState,
  decision: ZDecision.nullable(),
  createdAt: text(),
});
export type TMonetizationRequest = z.infer<typeof ZMonetizationRequest>;

/**
 * GET /api/v1/monetization-requests (the owner's, newest first; `?adSpaceId=`, `?state=`) and
 * GET /api/v1/admin/monetization-requests (everyone's).
 */
export const ZMonetizationListQuery = ZPageQuery.extend({
  adSpaceId: ZId.optional(),
  state: ZMonetizationState.optional(),
});
export const ZMonetizationRequestList = z.object({
  items: z.array(ZMonetizationRequest),
  nextCursor: text().nullable(),
});
export type TMonetizationRequestList = z.infer<typeof ZMonetizationRequestList>;

/**
 * GET /api/v1/earnings?from=&to= (owners): what their spaces earned (credited to the wallet, after
 * commission), per space and per day, `to` inclusive, at most 92 days. A play counts on its own
 * local day at the screen's location (when it played, not when it arrived or settled).
 */
export const ZEarningsQuery = z.object({
  from: z.iso.date('Use a date like 2026-11-22.'),
  to: z.iso.date('Use a date like 2026-11-22.'),
});
export const ZEarnings = z.object({
  from: text(),
  to: text(),
  totalMicros: ZMicros,
  impressions: z.number().int(),
  byAdSpace: z.array(
    z.object({
      adSpaceId: text(),
      name: text(),
      earnedMicros: ZMicros,
      impressions: z.number().int(),
      shownMs: z.number().int(),
    }),
  ),
  byDay: z.array(z.object({ day: text(), earnedMicros: ZMicros, impressions: z.number().int() })),
  /** The range's ad plays that were not billed, by reason, and those still settling (issue 17). */
  unbilled: ZUnbilledCounts,
  settling: ZSettling,
});
export type TEarnings = z.infer<typeof ZEarnings>;

import { z } from 'zod';
import { text } from './text';

/**
 * Proof of play a buyer can trust (issue 17): which plays are billed, and why the others are
 * not. The rules are written out in docs/marketplace.md "What makes a play billable"; the
 * constants below are the figures those rules name. The server applies them; the clients show
 * the verdicts.
 */

/** Timer lateness allowed past an ad slot's length: a 15 s slot bills at most 15.5 s. */
export const PLAY_SLOT_TOLERANCE_MS = 500;

/** How far ahead of the server's clock a TV's clock may run: a play may end at most this late. */
export const PLAY_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * How old a play may be when it arrives: a TV offline over a long weekend (Friday night to
 * Monday night) still gets paid for what it showed; older plays are stored, never billed.
 */
export const PLAY_MAX_AGE_MS = 72 * 60 * 60 * 1000;

/**
 * How long after a campaign ends (canceled, completed) its hold waits before what is left goes
 * back to the buyer: every play that can still be billed (started while the campaign was live,
 * at most PLAY_MAX_AGE_MS old, clocks up to PLAY_CLOCK_SKEW_MS ahead) has arrived by then.
 */
export const HOLD_RELEASE_GRACE_MS = PLAY_MAX_AGE_MS + PLAY_CLOCK_SKEW_MS;

/**
 * How soon a stored play is settled (billed or refused) on a server that keeps up: the
 * settlement worker looks for new plays at least this often and right after each batch arrives.
 * Figures younger than SETTLE_DELAY_MS are shown as "settling".
 */
export const SETTLE_INTERVAL_MS = 2_000;
export const SETTLE_DELAY_MS = 10_000;

/**
 * A play's verdict. `pending`: stored, not settled yet. `billed`: charged (possibly less than
 * its full price: a daily cap or the budget ran out). Every other value is why it was not
 * billed. Plays that are not ads (no campaign) have no verdict.
 */
export const PLAY_VERDICTS = [
  'pending',
  'billed',
  // Checked when the play arrives (what one screen could have shown):
  'failed',
  'clock-ahead',
  'too-old',
  'not-offered',
  'overlap',
  'too-short',
  // An emergency takeover was on the screen (issue 23 item 6): no ad is billed while it shows.
  'takeover',
  // The screen's power schedule had it off when the play started (issue 23 item 5).
  'powered-off',
  // Checked when it settles (the campaign at the play's start):
  'not-live',
  'outside-schedule',
  'not-monetized',
  'below-floor',
  'not-targeted',
  'excluded',
  'not-approved',
  'wrong-creative',
  'cap-reached',
  'budget-spent',
  // Plays settled before these rules (issue 17) that were not billed.
  'legacy',
] as const;
/**
 * Verdicts that show the campaign was offered to the screen that played it (arrival checks it
 * after failed, clock-ahead and too-old; legacy plays were never checked). Only such plays name
 * the campaign to the screen's owner: a TV cannot make an owner see a campaign's name by
 * reporting its id (issue 21 item 2).
 */
export const OFFERED_VERDICTS = PLAY_VERDICTS.filter(
  (verdict) => !['failed', 'clock-ahead', 'too-old', 'not-offered', 'legacy'].includes(verdict),
);

/**
 * A buyer's ad as the owner of the screen it played on sees it (issue 21 item 2): the campaign's
 * name and the buyer's display name (company, else name), never the buyer's library.
 */
export const ZPlayedAd = z.object({
  campaignId: text(),
  campaignName: text(),
  advertiserName: text(),
});
export type TPlayedAd = z.infer<typeof ZPlayedAd>;

export const ZPlayVerdict = z.enum(PLAY_VERDICTS);
export type TPlayVerdict = z.infer<typeof ZPlayVerdict>;

/** The reasons a play was not billed (every verdict but pending and billed). */
export type TUnbilledReason = Exclude<TPlayVerdict, 'pending' | 'billed'>;
export const UNBILLED_REASONS = PLAY_VERDICTS.filter(
  (verdict): verdict is TUnbilledReason => verdict !== 'pending' && verdict !== 'billed',
);
export const ZUnbilledReason = z.enum(UNBILLED_REASONS as [TUnbilledReason, ...TUnbilledReason[]]);

/**
 * Reasons that say the TV (or whoever holds its token) reported something that cannot have
 * happened; a device with a high share of these is flagged to super-users. The others (a cap, the
 * budget, a pause) are the campaign's state, not the device's doing.
 */
export const DEVICE_FAULT_REASONS = [
  'clock-ahead',
  'too-old',
  'not-offered',
  'overlap',
  'wrong-creative',
] as const satisfies readonly TUnbilledReason[];

/** A device is flagged when at least this many of its ad plays in the window… */
export const FLAG_MIN_PLAYS = 20;
/** …and at least this share (basis points) of them were refused for a device fault. */
export const FLAG_SHARE_BASIS_POINTS = 1_000;
/** The window the flags look at. */
export const FLAG_WINDOW_DAYS = 7;

/** What each reason means, in words the owner, the buyer and the super-user read. */
export const UNBILLED_REASON_WORDS: Record<TUnbilledReason, string> = {
  failed: 'The file failed to play.',
  'clock-ahead': 'Reported as ending after it arrived: the TV’s clock is ahead.',
  'too-old': 'Arrived more than 72 hours after it played.',
  'not-offered': 'No manifest sent to this TV offered the campaign in that slot at that time.',
  overlap: 'Overlaps another play already reported by the same TV.',
  'too-short': 'Too short to cost anything.',
  takeover: 'An emergency takeover was on the screen: no ad is billed while it shows.',
  'powered-off': 'Played while the screen’s power schedule had it switched off.',
  'not-live': 'The campaign was not running (paused, not approved or ended) when it played.',
  'outside-schedule': 'Outside the campaign’s dates or hours in the screen’s time zone.',
  'not-monetized': 'The screen was not approved for ads when it played.',
  'below-floor': 'The campaign’s bid was below the screen’s floor price.',
  'not-targeted': 'The screen is not one the campaign targets.',
  excluded: 'A super-user excluded the campaign on this screen.',
  'not-approved': 'The campaign was not approved for this screen by its owner at that time.',
  'wrong-creative': 'The creative is not one of the campaign’s.',
  'cap-reached': 'The campaign’s daily cap for that day was spent.',
  'budget-spent': 'The campaign’s budget was spent.',
  legacy: 'Settled before these rules and not billed.',
};

/** Unbilled ad plays by reason (only reasons that occurred), most first. */
export const ZUnbilledCounts = z.array(
  z.object({ reason: ZUnbilledReason, plays: z.number().int().nonnegative() }),
);
export type TUnbilledCounts = z.infer<typeof ZUnbilledCounts>;

/** Ad plays stored but not settled yet. */
export const ZSettling = z.object({
  plays: z.number().int().nonnegative(),
  shownMs: z.number().int().nonnegative(),
});
export type TSettling = z.infer<typeof ZSettling>;

/** What the ad plays of a report came to: billed, unbilled by reason, and still settling. */
export const ZAdPlaySummary = z.object({
  billed: z.number().int().nonnegative(),
  unbilled: ZUnbilledCounts,
  settling: ZSettling,
});
export type TAdPlaySummary = z.infer<typeof ZAdPlaySummary>;

/** GET /api/v1/admin/proof-of-play (super-users): the platform's verdicts and flagged devices. */
export const ZProofOfPlayOverview = z.object({
  windowDays: z.number().int(),
  since: z.string(),
  totals: ZAdPlaySummary,
  flaggedDevices: z.array(
    z.object({
      deviceId: z.string(),
      deviceName: z.string().nullable(),
      adSpaceId: z.string().nullable(),
      adSpaceName: z.string().nullable(),
      owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
      adPlays: z.number().int(),
      refused: z.number().int(),
      /** Refused for a device fault, per 10,000 ad plays. */
      refusedShareBasisPoints: z.number().int(),
      byReason: ZUnbilledCounts,
      lastPlayAt: z.string().nullable(),
    }),
  ),
});
export type TProofOfPlayOverview = z.infer<typeof ZProofOfPlayOverview>;

/**
 * What the server keeps of a manifest version's ad fill to judge plays against (issue 17 "it was
 * offered"): the windows in which each campaign was offered (epoch ms, `[start, end)`) and the
 * length of each ad slot (by playlist item id) of the manifest's playlists. Stored as JSON.
 */
export const ZServedFill = z.object({
  campaigns: z.record(z.string(), z.array(z.tuple([z.number().int(), z.number().int()]))),
  slots: z.record(z.string(), z.number().int().positive()),
});
export type TServedFill = z.infer<typeof ZServedFill>;

import { z } from 'zod';
import { ZOrientation } from '@screenline/shared/ad-space';
import { ZAdCategory } from '@screenline/shared/ad-category';
import { ZVenueType } from '@screenline/shared/location';
import type { TCampaignFormValues } from '@/features/ad-campaigns/utils/campaign-form';

/**
 * The wizard's unsaved work, kept in localStorage as the buyer types (issue 22 item 3): leaving
 * the wizard (its "Upload creatives" link, a reload, the back button) and coming back restores
 * every field, the step and the chosen creatives. One draft per user and per campaign (`new` for
 * a campaign not saved yet); saving or submitting it, or "Discard changes", removes it.
 */
const KEY_PREFIX = 'screenline.campaign-wizard';
/** A draft older than this is dropped rather than restored. */
export const WIZARD_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const ZFormValues = z.object({
  name: z.string(),
  // A draft from before categories existed restores with none chosen.
  category: z.union([ZAdCategory, z.literal('')]).default(''),
  creativeIds: z.array(z.string()),
  targetingMode: z.enum(['spaces', 'filters']),
  adSpaceIds: z.array(z.string()),
  cities: z.array(z.string()),
  venueTypes: z.array(ZVenueType),
  orientations: z.array(ZOrientation),
  startDate: z.string(),
  endDate: z.string(),
  dayparts: z.array(
    z.object({ weekdays: z.array(z.number().int()), startTime: z.string(), endTime: z.string() }),
  ),
  bid: z.string(),
  budget: z.string(),
  dailyCap: z.string(),
  destinationUrl: z.string(),
}) satisfies z.ZodType<TCampaignFormValues>;

export const ZCreativeChoice = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'video']),
  src: z.string().nullable(),
  /** Pixels of the file (null: not known), for the fit warning. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type TCreativeChoice = z.infer<typeof ZCreativeChoice>;

const ZWizardDraft = z.object({
  values: ZFormValues,
  stepIndex: z.number().int().nonnegative(),
  choices: z.array(ZCreativeChoice),
  savedAt: z.number(),
});
export type TWizardDraft = z.infer<typeof ZWizardDraft>;

export const wizardDraftKey = (userId: string, campaignId: string | null) =>
  `${KEY_PREFIX}.${userId}.${campaignId ?? 'new'}`;

/** The draft under `key`, or null (none, too old, or not in the current format). */
export function readWizardDraft(key: string, nowMs = Date.now()): TWizardDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = ZWizardDraft.safeParse(JSON.parse(raw));
    if (!parsed.success || nowMs - parsed.data.savedAt > WIZARD_DRAFT_MAX_AGE_MS) {
      window.localStorage.removeItem(key);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

export function writeWizardDraft(key: string, draft: Omit<TWizardDraft, 'savedAt'>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Storage full or disabled (private mode): the wizard still works, only without the net.
  }
}

export function clearWizardDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is disabled.
  }
}

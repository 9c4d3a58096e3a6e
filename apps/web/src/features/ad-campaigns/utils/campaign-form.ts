import { z } from 'zod';
import type { TAdCategory } from '@screenline/shared/ad-category';
import type { TOrientation } from '@screenline/shared/ad-space';
import {
  ZCreateCampaign,
  type TCampaign,
  type TCampaignTargeting,
} from '@screenline/shared/campaign';
import type { TVenueType } from '@screenline/shared/location';
import { MICROS_PER_UNIT, parseUnitsToMicros } from '@screenline/shared/money';

/** Specific screens, or filters (city, venue type, orientation) that match screens. */
export type TTargetingMode = 'spaces' | 'filters';

/**
 * What the wizard holds: amounts as typed, in currency units ("0.0025"); the targeting of both
 * modes (switching back and forth keeps each); an empty text for no daily cap and no address.
 */
export type TCampaignFormValues = {
  name: string;
  /** What it advertises (owners' rules read it); '' until picked. */
  category: TAdCategory | '';
  creativeIds: string[];
  targetingMode: TTargetingMode;
  adSpaceIds: string[];
  cities: string[];
  venueTypes: TVenueType[];
  orientations: TOrientation[];
  startDate: string;
  endDate: string;
  dayparts: { weekdays: number[]; startTime: string; endTime: string }[];
  bid: string;
  budget: string;
  dailyCap: string;
  destinationUrl: string;
};
export type TCampaignFormField = keyof TCampaignFormValues;

/** The wizard's steps, each with the fields its "Next" checks. */
export const WIZARD_STEPS = [
  { id: 'creatives', title: 'Name and creatives', fields: ['name', 'category', 'creativeIds'] },
  {
    id: 'targeting',
    title: 'Targeting',
    fields: ['targetingMode', 'adSpaceIds', 'cities', 'venueTypes', 'orientations'],
  },
  { id: 'schedule', title: 'Schedule', fields: ['startDate', 'endDate', 'dayparts'] },
  { id: 'budget', title: 'Budget', fields: ['bid', 'budget', 'dailyCap'] },
  { id: 'qr', title: 'QR code', fields: ['destinationUrl'] },
  { id: 'review', title: 'Review', fields: [] },
] as const satisfies readonly { id: string; title: string; fields: TCampaignFormField[] }[];
export type TWizardStepId = (typeof WIZARD_STEPS)[number]['id'];

/** The targeting the form's mode stands for (the estimate and the body use it). */
export function targetingOf(values: TCampaignFormValues): TCampaignTargeting {
  if (values.targetingMode === 'spaces') return { adSpaceIds: values.adSpaceIds };
  const targeting: TCampaignTargeting = {};
  if (values.cities.length > 0) targeting.cities = values.cities;
  if (values.venueTypes.length > 0) targeting.venueTypes = values.venueTypes;
  if (values.orientations.length > 0) targeting.orientations = values.orientations;
  return targeting;
}

/** An amount as typed, in micros; undefined when empty or not an amount. */
export const amountMicros = (text: string): number | undefined => parseUnitsToMicros(text);

/** The API body the form stands for (checked by the shared schema, not here). */
function toBody(values: TCampaignFormValues) {
  return {
    name: values.name,
    creativeIds: values.creativeIds,
    targeting: targetingOf(values),
    startDate: values.startDate,
    endDate: values.endDate,
    dayparts: values.dayparts,
    bidMicrosPerSecond: amountMicros(values.bid),
    budgetMicros: amountMicros(values.budget),
    dailyCapMicros: values.dailyCap.trim() === '' ? null : amountMicros(values.dailyCap),
    destinationUrl: values.destinationUrl.trim() === '' ? null : values.destinationUrl,
    category: values.category === '' ? null : values.category,
  };
}

/** Where an issue of the shared schema (a body path) shows in the form. */
const FORM_FIELD_OF: Record<string, TCampaignFormField> = {
  bidMicrosPerSecond: 'bid',
  budgetMicros: 'budget',
  dailyCapMicros: 'dailyCap',
  targeting: 'adSpaceIds',
};
function formPathOf(path: readonly PropertyKey[]): PropertyKey[] {
  const [head, next, ...rest] = path;
  if (head === 'targeting' && typeof next === 'string') return [next, ...rest];
  const field = typeof head === 'string' ? FORM_FIELD_OF[head] : undefined;
  return field ? [field, ...(next === undefined ? [] : [next]), ...rest] : [...path];
}

const AMOUNT_FIELDS = [
  { field: 'bid', label: 'a bid', isOptional: false },
  { field: 'budget', label: 'a budget', isOptional: false },
  { field: 'dailyCap', label: 'a daily cap', isOptional: true },
] as const;

const ZCampaignFormValues = z.custom<TCampaignFormValues>(
  (value) => typeof value === 'object' && value !== null,
);

/**
 * The wizard's schema: the shared `ZCreateCampaign` checks the body the form stands for, and each
 * of its issues is shown under the field that holds it; amounts that are no amounts and a "chosen
 * screens" targeting without any screen are said here. Every issue shows at once, so each step's
 * "Next" sees its own fields' whatever the other steps hold. The output is the API body.
 */
export const ZCampaignForm = ZCampaignFormValues.superRefine((values, ctx) => {
  const flagged = new Set<string>();
  for (const { field, label, isOptional } of AMOUNT_FIELDS) {
    const text = values[field].trim();
    if (text === '') {
      if (!isOptional) {
        ctx.addIssue({ code: 'custom', path: [field], message: `Enter ${label}.` });
        flagged.add(field);
      }
    } else if (amountMicros(text) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'Enter an amount in euros, with a point and at most 6 decimals (like 0.0025).',
      });
      flagged.add(field);
    }
  }
  // Optional on a draft for the API, but owners' rules and the review need it: asked up front.
  if (values.category === '')
    ctx.addIssue({
      code: 'custom',
      path: ['category'],
      message: 'Pick what the campaign advertises.',
    });
  if (values.targetingMode === 'spaces' && values.adSpaceIds.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['adSpaceIds'],
      message: 'Choose at least one screen, or target by city, venue and orientation.',
    });
  }
  const result = ZCreateCampaign.safeParse(toBody(values));
  if (result.success) return;
  for (const issue of result.error.issues) {
    const path = formPathOf(issue.path);
    if (typeof path[0] === 'string' && flagged.has(path[0])) continue;
    ctx.addIssue({ code: 'custom', path, message: issue.message });
  }
}).transform((values) => ZCreateCampaign.parse(toBody(values)));

/** "0.0025" for 2,500 micros: every digit, no trailing zeros, no float arithmetic. */
export function microsToUnits(micros: number): string {
  const whole = Math.floor(micros / MICROS_PER_UNIT);
  const fraction = String(micros % MICROS_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** The wizard for a new campaign flying from `startDate` to `endDate`. */
export function newCampaignValues(startDate: string, endDate: string): TCampaignFormValues {
  return {
    name: '',
    category: '',
    creativeIds: [],
    targetingMode: 'filters',
    adSpaceIds: [],
    cities: [],
    venueTypes: [],
    orientations: [],
    startDate,
    endDate,
    dayparts: [],
    bid: '',
    budget: '',
    dailyCap: '',
    destinationUrl: '',
  };
}

/** The wizard editing `campaign` (a draft or a rejected one). */
export function campaignFormValues(campaign: TCampaign): TCampaignFormValues {
  const { targeting } = campaign;
  const hasSpaces = (targeting.adSpaceIds?.length ?? 0) > 0;
  return {
    name: campaign.name,
    category: campaign.category ?? '',
    creativeIds: campaign.creatives.map((creative) => creative.id),
    targetingMode: hasSpaces ? 'spaces' : 'filters',
    adSpaceIds: targeting.adSpaceIds ?? [],
    cities: targeting.cities ?? [],
    venueTypes: targeting.venueTypes ?? [],
    orientations: targeting.orientations ?? [],
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    dayparts: campaign.dayparts.map((daypart) => ({ ...daypart, weekdays: [...daypart.weekdays] })),
    bid: microsToUnits(campaign.bidMicrosPerSecond),
    budget: microsToUnits(campaign.budgetMicros),
    dailyCap: campaign.dailyCapMicros === null ? '' : microsToUnits(campaign.dailyCapMicros),
    destinationUrl: campaign.destinationUrl ?? '',
  };
}

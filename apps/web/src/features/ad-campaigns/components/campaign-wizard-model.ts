import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { TCampaign } from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import type { TForecastInput } from '@screenline/shared/forecast';
import { ZLocalTime } from '@screenline/shared/schedule';
import type { useMarketplaceAdSpaces } from '@/lib/api/marketplace-ad-spaces';
import {
  WIZARD_STEPS,
  amountMicros,
  targetingOf,
  type ZCampaignForm,
  type TCampaignFormValues,
} from '@/features/ad-campaigns/utils/campaign-form';
import type { TCreativeChoice } from '@/features/ad-campaigns/utils/wizard-draft';

/**
 * The wizard's form model beside its steps: the types the steps share and what the wizard
 * derives from the values. The schema, defaults and the localStorage draft themselves live in
 * utils/campaign-form.ts and utils/wizard-draft.ts.
 */

/** What the form hands to the save: the API body. */
export type TCampaignFormBody = z.output<typeof ZCampaignForm>;
export type TMarketplaceSpaces = ReturnType<typeof useMarketplaceAdSpaces>;
export type TCampaignFormControl = Control<TCampaignFormValues, unknown, TCampaignFormBody>;

/** What the forecast reads from the form: amounts as typed become micros when they parse. */
export function forecastInputOf(values: TCampaignFormValues): TForecastInput {
  const bid = amountMicros(values.bid);
  return {
    targeting: targetingOf(values),
    dayparts: values.dayparts.filter(
      (daypart) =>
        daypart.weekdays.length > 0 &&
        ZLocalTime.safeParse(daypart.startTime).success &&
        ZLocalTime.safeParse(daypart.endTime).success,
    ),
    bidMicrosPerSecond: bid !== undefined && bid > 0 ? bid : undefined,
    dailyCapMicros: values.dailyCap.trim() === '' ? null : amountMicros(values.dailyCap),
  };
}

/** The choices the wizard can show for creatives it starts with (an edited campaign's). */
export function initialChoices(campaign: TCampaign | null): Map<string, TCreativeChoice> {
  const map = new Map<string, TCreativeChoice>();
  for (const creative of campaign?.creatives ?? []) {
    map.set(creative.id, {
      id: creative.id,
      name: creative.name,
      kind: creative.kind,
      src: creative.kind === 'image' ? creative.url : null,
      width: creative.width,
      height: creative.height,
    });
  }
  return map;
}

/** The choice the wizard keeps for a library item picked as a creative. */
export function creativeChoiceOf(item: TContentItem): TCreativeChoice {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    src: item.kind === 'image' ? item.mediaUrl : item.posterUrl,
    width: item.width,
    height: item.height,
  };
}

/** The chosen creatives the wizard knows, in the form's order. */
export function chosenCreatives(
  creativeIds: readonly string[],
  choices: ReadonlyMap<string, TCreativeChoice>,
): TCreativeChoice[] {
  return creativeIds.flatMap((id) => {
    const choice = choices.get(id);
    return choice ? [choice] : [];
  });
}

/** The indexes of the steps holding one of `fieldsWithErrors`, in step order. */
export function stepsHolding(fieldsWithErrors: object): number[] {
  return WIZARD_STEPS.flatMap((candidate, index) =>
    (candidate.fields as readonly string[]).some((field) => field in fieldsWithErrors)
      ? [index]
      : [],
  );
}

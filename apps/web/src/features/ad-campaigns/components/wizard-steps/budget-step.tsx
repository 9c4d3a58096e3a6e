import type { ComponentProps } from 'react';
import { useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatBid, formatCount, formatSeconds } from '@/lib/campaign-format';
import type {
  TCampaignFormControl as TControl,
  TMarketplaceSpaces as TSpaces,
} from '@/features/ad-campaigns/components/campaign-wizard-model';
import { StepHeading } from '@/features/ad-campaigns/components/wizard-steps/step-heading';
import {
  amountMicros,
  targetingOf,
  type TCampaignFormValues,
} from '@/features/ad-campaigns/utils/campaign-form';
import {
  maxSecondsFor,
  spacesBelowFloor,
  targetedSpaces,
} from '@/features/ad-campaigns/utils/estimate';

function MoneyInput({ field, ...props }: { field: object } & ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        €
      </span>
      <Input
        {...field}
        inputMode="decimal"
        autoComplete="off"
        className="pl-7 tabular-nums"
        {...props}
      />
    </div>
  );
}
export function BudgetStep({
  control,
  register,
  errors,
  spaces,
}: {
  control: TControl;
  register: UseFormRegister<TCampaignFormValues>;
  errors: FieldErrors<TCampaignFormValues>;
  spaces: TSpaces;
}) {
  const values = useWatch({ control }) as TCampaignFormValues;
  const bid = amountMicros(values.bid);
  const budget = amountMicros(values.budget);
  const targeted = spaces.data ? targetedSpaces(spaces.data, targetingOf(values)) : [];
  const floors = targeted.map((space) => space.floorMicrosPerSecond);
  const below = bid !== undefined && bid > 0 ? spacesBelowFloor(targeted, bid) : [];
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-budget"
        title="Budget"
        text="You pay your bid for each second your ad is shown, never more than the budget. The budget is held from your wallet once the campaign is approved."
      />
      <FormField
        label="Bid per second"
        hint={
          floors.length > 0
            ? `The targeted screens ask at least ${formatBid(Math.min(...floors))}; the highest floor is ${formatBid(Math.max(...floors))}.`
            : 'In euros, up to 6 decimals (0.0025 is a quarter of a cent).'
        }
        error={errors.bid?.message}
      >
        {(field) => <MoneyInput field={field} placeholder="0.0025" {...register('bid')} />}
      </FormField>
      {below.length > 0 && (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground"
        >
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden className="size-4 shrink-0" />
            Your bid is below the floor price of {below.length}{' '}
            {below.length === 1 ? 'screen' : 'screens'}: the campaign will not play there.
          </p>
          <ul
            aria-label="Screens whose floor is above your bid"
            className="grid list-disc gap-1 pl-5"
          >
            {below.map((space) => (
              <li key={space.adSpaceId}>
                {space.name} ({space.city}): floor {formatBid(space.floorMicrosPerSecond)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Total budget" error={errors.budget?.message}>
          {(field) => <MoneyInput field={field} placeholder="500" {...register('budget')} />}
        </FormField>
        <FormField
          label="Daily cap (optional)"
          hint="The most it spends on one day. Empty: no cap."
          error={errors.dailyCap?.message}
        >
          {(field) => <MoneyInput field={field} placeholder="50" {...register('dailyCap')} />}
        </FormField>
      </div>
      {bid !== undefined && bid > 0 && budget !== undefined && budget > 0 && (
        <p className="rounded-lg border border-border bg-surface-muted/40 px-4 py-3 text-sm">
          At most <strong>{formatCount(maxSecondsFor(budget, bid))} seconds</strong> shown (
          {formatSeconds(maxSecondsFor(budget, bid))}) for {formatMicros(budget)} at{' '}
          {formatBid(bid)}.
        </p>
      )}
    </div>
  );
}

import { useWatch } from 'react-hook-form';
import { AD_CATEGORY_LABELS } from '@screenline/shared/ad-category';
import { formatMicros } from '@screenline/shared/money';
import { Button } from '@/components/ui/button';
import { describeTargeting, formatBid, formatDayparts, formatFlight } from '@/lib/campaign-format';
import type {
  TCampaignFormControl as TControl,
  TMarketplaceSpaces as TSpaces,
} from '@/features/ad-campaigns/components/campaign-wizard-model';
import { StepHeading } from '@/features/ad-campaigns/components/wizard-steps/step-heading';
import {
  amountMicros,
  targetingOf,
  type TCampaignFormValues,
  type TWizardStepId,
} from '@/features/ad-campaigns/utils/campaign-form';
import type { TCreativeChoice } from '@/features/ad-campaigns/utils/wizard-draft';

export function ReviewStep({
  control,
  choices,
  spaces,
  onEdit,
}: {
  control: TControl;
  choices: ReadonlyMap<string, TCreativeChoice>;
  spaces: TSpaces;
  onEdit: (step: TWizardStepId) => void;
}) {
  const values = useWatch({ control }) as TCampaignFormValues;
  const bid = amountMicros(values.bid);
  const budget = amountMicros(values.budget);
  const cap = values.dailyCap.trim() === '' ? null : amountMicros(values.dailyCap);
  const nameOf = spaces.data
    ? (id: string) => spaces.data.find((space) => space.adSpaceId === id)?.name
    : undefined;
  const amount = (micros: number | undefined, format: (value: number) => string) =>
    micros === undefined ? 'Not set' : format(micros);
  const sections: { step: TWizardStepId; title: string; lines: string[] }[] = [
    {
      step: 'creatives',
      title: 'Name and creatives',
      lines: [
        values.name.trim() || 'No name yet',
        values.category === '' ? 'No category yet' : AD_CATEGORY_LABELS[values.category],
        values.creativeIds.length === 0
          ? 'No creative yet'
          : values.creativeIds.map((id) => choices.get(id)?.name ?? 'A library item').join(', '),
      ],
    },
    {
      step: 'targeting',
      title: 'Targeting',
      lines: describeTargeting(targetingOf(values), nameOf),
    },
    {
      step: 'schedule',
      title: 'Schedule',
      lines: [
        values.startDate && values.endDate
          ? formatFlight(values.startDate, values.endDate)
          : 'Dates not set',
        ...formatDayparts(values.dayparts),
      ],
    },
    {
      step: 'budget',
      title: 'Budget',
      lines: [
        `Bid: ${amount(bid, formatBid)}`,
        `Total budget: ${amount(budget, formatMicros)}`,
        `Daily cap: ${cap === null ? 'none' : amount(cap, formatMicros)}`,
      ],
    },
    {
      step: 'qr',
      title: 'QR code',
      lines: [values.destinationUrl.trim() || 'No QR code'],
    },
  ];
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-review"
        title="Review"
        text="Check everything, then save it as a draft or send it for review. A super-user approves it before it plays; approving holds the budget from your wallet."
      />
      <dl className="grid gap-3">
        {sections.map((section) => (
          <div
            key={section.step}
            className="flex items-start justify-between gap-3 rounded-lg border border-border px-4 py-3"
          >
            <div className="grid min-w-0 gap-1">
              <dt className="text-sm font-semibold">{section.title}</dt>
              {section.lines.map((line) => (
                <dd key={line} className="text-sm break-words text-muted-foreground">
                  {line}
                </dd>
              ))}
            </div>
            <Button
              variant="link"
              aria-label={`Change ${section.title.toLowerCase()}`}
              onClick={() => onEdit(section.step)}
            >
              Change
            </Button>
          </div>
        ))}
      </dl>
    </div>
  );
}

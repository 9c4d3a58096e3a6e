import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { StepHeading } from '@/features/ad-campaigns/components/wizard-steps/step-heading';
import type { TCampaignFormValues } from '@/features/ad-campaigns/utils/campaign-form';

export function QrStep({
  register,
  errors,
}: {
  register: UseFormRegister<TCampaignFormValues>;
  errors: FieldErrors<TCampaignFormValues>;
}) {
  return (
    <div className="grid gap-5">
      <StepHeading
        id="step-qr"
        title="QR code"
        text="Optional: a web address people reach by scanning a QR code shown over your ad. Scans count in the results."
      />
      <FormField
        label="Destination address (optional)"
        hint="A full address starting with https:// or http://. Empty: no QR code."
        error={errors.destinationUrl?.message}
      >
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com/offer"
            {...register('destinationUrl')}
          />
        )}
      </FormField>
    </div>
  );
}

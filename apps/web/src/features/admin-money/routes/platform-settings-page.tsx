import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type {
  TPlatformSettings,
  TPlatformSettingsInput,
} from '@screenline/shared/platform-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/components/request-status';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePlatformSettings } from '@/lib/api/get-platform-settings';
import { showSaveError } from '@/lib/form-errors';
import { perHour, typedPrice } from '@/lib/money-input';
import { toast } from '@/lib/toast';
import { useSavePlatformSettings } from '@/features/admin-money/api/admin-money';
import {
  ZSettingsForm,
  settingsFormValues,
  type TSettingsFormValues,
} from '@/features/admin-money/utils/settings-form';

type TFieldName = keyof TSettingsFormValues;

function SettingsForm({ settings }: { settings: TPlatformSettings }) {
  const save = useSavePlatformSettings();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TSettingsFormValues, unknown, TPlatformSettingsInput>({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: settingsFormValues(settings),
  });
  const minPrice = typedPrice(watch('minPerSecond'));

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      reset(settingsFormValues(saved));
      toast.success(
        'The platform settings were saved. TVs take the new intervals with their next update.',
      );
    } catch (error) {
      showSaveError(error, getValues(), setError);
      toast.error('The platform settings were not saved.');
    }
  });

  const field = (
    name: TFieldName,
    label: string,
    hint: string,
    inputMode: 'decimal' | 'numeric',
  ) => (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      {(control) => (
        <Input {...control} inputMode={inputMode} autoComplete="off" {...register(name)} />
      )}
    </FormField>
  );

  const textField = (name: TFieldName, label: string, hint: string) => (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      {(control) => <Input {...control} autoComplete="off" {...register(name)} />}
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <Card>
        <CardHeader>
          <CardTitle>Prices and commission</CardTitle>
          <CardDescription>Apply to charges from the next impression on.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {field(
            'commissionPercent',
            'Commission (%)',
            'The platform’s share of every charge; the screen owner earns the rest.',
            'decimal',
          )}
          {field(
            'minPerSecond',
            'Minimum price per second (€)',
            minPrice === null
              ? 'The lowest floor an owner may ask, and so the lowest bid.'
              : `${perHour(minPrice)}. The lowest floor an owner may ask, and so the lowest bid.`,
            'decimal',
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Top-up and payout limits</CardTitle>
          <CardDescription>Per request, in euros.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {field('topUpMin', 'Smallest top-up (€)', 'A request below it is refused.', 'decimal')}
          {field('topUpMax', 'Largest top-up (€)', 'A request above it is refused.', 'decimal')}
          {field('payoutMin', 'Smallest payout (€)', 'A request below it is refused.', 'decimal')}
          {field('payoutMax', 'Largest payout (€)', 'A request above it is refused.', 'decimal')}
          {field(
            'fourEyesAbove',
            'Two approvals above (€)',
            'A top-up or payout above it needs the approval of two different super-users before money moves. 0: every one does.',
            'decimal',
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Bank account and receipts</CardTitle>
          <CardDescription>
            Buyers transfer top-ups to this account with their request’s reference; every receipt
            prints these details. Top-ups say they cannot be paid yet until holder, IBAN, BIC and
            bank are set.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {textField('bankAccountHolder', 'Account holder', 'The platform’s legal name.')}
          {textField('bankName', 'Bank', 'As the bank calls itself.')}
          {textField('bankIban', 'IBAN', 'Spaces are fine; checked with its check digits.')}
          {textField('bankBic', 'BIC', '8 or 11 letters and digits.')}
          <div className="sm:col-span-2">
            {textField(
              'bankAddress',
              'Address and tax number',
              'Printed under the name on every receipt.',
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>TV players</CardTitle>
          <CardDescription>Sent to every TV with its next manifest, in seconds.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-3">
          {field(
            'pollIntervalSeconds',
            'Check for changes every (s)',
            'How often a TV asks for its manifest and reports in. 5 to 3,600.',
            'numeric',
          )}
          {field(
            'impressionSyncIntervalSeconds',
            'Send plays every (s)',
            'How often a TV sends what it played (and so what is billed). 5 to 3,600.',
            'numeric',
          )}
          {field(
            'cacheCleanupIntervalSeconds',
            'Clean the cache every (s)',
            'How often a TV removes files it no longer needs. 60 to 86,400.',
            'numeric',
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {isDirty && (
          <Button variant="ghost" onClick={() => reset()}>
            Undo changes
          </Button>
        )}
        <Button type="submit" isPending={isSubmitting}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** Who saved the settings last and when, or that nobody has; nothing while they load. */
function lastSaved(settings: TPlatformSettings | undefined): string {
  if (!settings) return '';
  if (!settings.updatedBy || !settings.updatedAt) return ' Never saved yet: the defaults apply.';
  return ` Last saved by ${settings.updatedBy.name} on ${formatDateTime(settings.updatedAt)}.`;
}

/** /admin/monetization: the platform's settings (commission, prices, limits, TV intervals). */
export function PlatformSettingsPage() {
  usePageTitle('Monetization');
  const settings = usePlatformSettings();
  return (
    <>
      <PageHeader
        title="Monetization"
        description={`The platform’s commission, prices, limits, bank account and TV intervals.${lastSaved(settings.data)}`}
      />
      {settings.isPending ? (
        <ListLoading label="Loading the platform settings" />
      ) : settings.isError ? (
        <ListLoadError
          title="The platform settings could not be loaded."
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </>
  );
}

import { useState, type FormEvent } from 'react';
import {
  DOWNLOAD_STUCK_MINUTES,
  OFFLINE_AFTER_MINUTES_MAX,
  OFFLINE_AFTER_MINUTES_MIN,
  STORAGE_LOW_PERCENT,
  ZSaveAlertSettings,
  type TAlertIncident,
  type TAlertKind,
  type TAlertSettings,
} from '@screenline/shared/alerts';
import { ZValidationDetails } from '@screenline/shared/errors';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useAlertIncidents,
  useAlertSettings,
  useSaveAlertSettings,
} from '@/features/profile/api/alerts';

const KIND_LABELS: Record<TAlertKind, string> = {
  offline: 'Offline',
  'download-stuck': 'Download stuck',
  'storage-low': 'Storage running out',
};

type TErrors = Partial<Record<'emails' | 'webhookUrl' | 'offlineAfterMinutes' | 'form', string>>;

/** One address a line (or separated by commas), blanks dropped. */
const addressesOf = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Zod's or the server's field errors, keyed by the form's fields. */
function errorsOf(issues: readonly { path: string; message: string }[]): TErrors {
  const errors: TErrors = {};
  for (const { path, message } of issues) {
    const field = path.replace(/^body\./, '').split('.')[0];
    if (field === 'emails' || field === 'webhookUrl' || field === 'offlineAfterMinutes')
      errors[field] ??= message;
    else errors.form ??= message;
  }
  return errors;
}

function IncidentList({ items }: { items: TAlertIncident[] }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No incidents yet.</p>;
  const format = (at: string) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(at),
    );
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Recent incidents">
      {items.slice(0, 10).map((incident) => (
        <li key={incident.id} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{incident.adSpace.name}</span>
          <span>{KIND_LABELS[incident.kind]}</span>
          <span className="text-muted-foreground">
            since {format(incident.failingSince)}
            {incident.resolvedAt ? `, resolved ${format(incident.resolvedAt)}` : ' · open'}
          </span>
        </li>
      ))}
    </ul>
  );
}

function AlertsForm({ settings }: { settings: TAlertSettings }) {
  const save = useSaveAlertSettings();
  const incidents = useAlertIncidents();
  const [emails, setEmails] = useState(settings.emails.join('\n'));
  const [webhookUrl, setWebhookUrl] = useState(settings.webhookUrl ?? '');
  const [minutes, setMinutes] = useState(String(settings.offlineAfterMinutes));
  const [errors, setErrors] = useState<TErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSaveAlertSettings.safeParse({
      emails: addressesOf(emails),
      webhookUrl: webhookUrl.trim() === '' ? null : webhookUrl.trim(),
      offlineAfterMinutes: Number(minutes),
    });
    if (!parsed.success) {
      setErrors(
        errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
      );
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success('Alert settings saved.');
    } catch (error) {
      const details =
        error instanceof ApiError ? ZValidationDetails.safeParse(error.details) : null;
      setErrors(details?.success ? errorsOf(details.data.fields) : { form: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <CardContent className="grid gap-4">
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <FormField
          label="E-mail these addresses"
          hint="One address a line, at most 10. Leave empty for no e-mail."
          error={errors.emails}
        >
          {(field) => (
            <Textarea
              {...field}
              rows={3}
              autoComplete="off"
              value={emails}
              onChange={(event) => setEmails(event.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Webhook URL (optional)"
          hint="We POST each alert as JSON, signed in the X-Screenline-Signature header. Public hosts only."
          error={errors.webhookUrl}
        >
          {(field) => (
            <Input
              {...field}
              type="url"
              inputMode="url"
              placeholder="https://example.com/screenline-alerts"
              value={webhookUrl}
              onChange={(event) => setWebhookUrl(event.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Offline after (minutes)"
          hint={`A screen without a report this long during its on hours is offline (${OFFLINE_AFTER_MINUTES_MIN}–${OFFLINE_AFTER_MINUTES_MAX}).`}
          error={errors.offlineAfterMinutes}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={OFFLINE_AFTER_MINUTES_MIN}
              max={OFFLINE_AFTER_MINUTES_MAX}
              className="w-28"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
            />
          )}
        </FormField>
        {settings.webhookSecret && (
          <div className="grid gap-1 text-sm">
            <span className="font-medium">Webhook signing key</span>
            <code className="rounded bg-surface-muted px-2 py-1 text-xs break-all">
              {settings.webhookSecret}
            </code>
            <span className="text-xs text-muted-foreground">
              The header is <code>t=&lt;unix time&gt;,v1=&lt;HMAC-SHA256 of “t.body”&gt;</code> with
              this key.
            </span>
          </div>
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Recent incidents</h3>
          {incidents.isPending ? (
            <Spinner label="Loading incidents" className="text-primary" />
          ) : incidents.isError ? (
            <p className="text-sm text-muted-foreground">The incidents could not be loaded.</p>
          ) : (
            <IncidentList items={incidents.data.items} />
          )}
        </div>
      </CardContent>
      <CardFooter>
        <Button type="submit" isPending={save.isPending}>
          Save alert settings
        </Button>
      </CardFooter>
    </form>
  );
}

/**
 * "Screen alerts" (issue 23 item 4), for screen owners: who is e-mailed and which webhook is
 * called when a screen goes offline, comes back, has a download stuck or runs out of storage.
 */
export function ScreenAlertsCard() {
  const settings = useAlertSettings();
  return (
    <Card id="screen-alerts" aria-labelledby="screen-alerts-title">
      <CardHeader>
        <CardTitle id="screen-alerts-title">Screen alerts</CardTitle>
        <CardDescription>
          Told once when a screen is offline during its on hours, once when it is back, when a
          download makes no progress for {DOWNLOAD_STUCK_MINUTES} minutes, and when a TV has used{' '}
          {STORAGE_LOW_PERCENT} % of its storage. Quiet while a screen is scheduled off. When{' '}
          {settings.data?.digestThreshold ?? 5} or more screens fail at once, one digest instead.
        </CardDescription>
      </CardHeader>
      {settings.isPending ? (
        <CardContent>
          <Spinner label="Loading alert settings" className="text-primary" />
        </CardContent>
      ) : settings.isError ? (
        <CardContent>
          <Alert tone="error">{errorMessage(settings.error)}</Alert>
        </CardContent>
      ) : (
        <AlertsForm settings={settings.data} />
      )}
    </Card>
  );
}

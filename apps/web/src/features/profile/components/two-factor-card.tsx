import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { create as createQrCode } from 'qrcode';
import { ZTotpCode, ZTwoFactorEnabled, ZBackupCodes } from '@screenline/shared/two-factor';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
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
import { Input } from '@/components/ui/input';
import { authClient, runAuthAction } from '@/lib/auth-client';
import { useAuth } from '@/lib/auth-context';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';

/*
 * Profile → Two-factor sign-in (issue 18 item 4). Turning it on: the password, then the key (a QR
 * code for the authenticator app, and the same key to type), then a first code from the app; the
 * ten recovery codes are shown once, to copy or download. Turning it off takes the password and a
 * code (or a recovery code); new recovery codes take the password.
 */

type TStep =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'regenerate' }
  | { kind: 'scan'; totpUri: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[]; isNew: boolean };

/** The key inside the otpauth:// URI, in groups of four as apps show it. */
function manualKeyOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The QR code as SVG rectangles (no canvas, no HTML string). */
function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const { modules } = createQrCode(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`);
    return { d: parts.join(''), size: modules.size + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      className="size-48 rounded-lg bg-white p-1"
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

function RecoveryCodes({
  codes,
  onDone,
  isNew,
}: {
  codes: string[];
  onDone: () => void;
  isNew: boolean;
}) {
  const text = `Screenline recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('The recovery codes were copied.');
    } catch {
      toast.error('They could not be copied: select them and copy, or download them.');
    }
  };
  return (
    <div className="grid gap-4">
      <Alert tone="success" title={isNew ? 'New recovery codes' : 'Two-factor sign-in is on'}>
        Keep these recovery codes somewhere safe, apart from your phone. Each one signs you in once
        if you lose your authenticator app. They are shown only now
        {isNew ? '; the old ones no longer work.' : '.'}
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-muted p-4 font-mono text-sm sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            saveFile(new Blob([text], { type: 'text/plain' }), 'screenline-recovery-codes.txt')
          }
        >
          Download codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}

/** A password (and, to turn it off, a code) before the action it confirms. */
function PasswordForm({
  purpose,
  onCancel,
  onDone,
}: {
  purpose: 'enable' | 'disable' | 'regenerate';
  onCancel: () => void;
  onDone: (result: { totpUri?: string; backupCodes?: string[] }) => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setFailure('Enter your current password.');
      return;
    }
    if (purpose === 'disable' && !code.trim()) {
      setFailure('Enter a code from your authenticator app, or a recovery code.');
      return;
    }
    setIsPending(true);
    let answer: unknown = null;
    const error = await runAuthAction(async () => {
      if (purpose === 'enable') {
        const result = await authClient.twoFactor.enable({ password });
        answer = result.data;
        return result;
      }
      if (purpose === 'regenerate') {
        const result = await authClient.twoFactor.generateBackupCodes({ password });
        answer = result.data;
        return result;
      }
      // The server takes `code` beside the password (step-up.ts): not in the plugin's types.
      return authClient.$fetch('/two-factor/disable', {
        method: 'POST',
        body: { password, code: code.trim() },
      });
    });
    setIsPending(false);
    if (error) {
      setFailure(error);
      return;
    }
    if (purpose === 'enable') {
      const parsed = ZTwoFactorEnabled.safeParse(answer);
      if (!parsed.success) {
        setFailure('Something went wrong. Try again.');
        return;
      }
      onDone({ totpUri: parsed.data.totpURI, backupCodes: parsed.data.backupCodes });
      return;
    }
    if (purpose === 'regenerate') {
      const parsed = ZBackupCodes.safeParse(answer);
      onDone({ backupCodes: parsed.success ? parsed.data.backupCodes : [] });
      return;
    }
    onDone({});
  };

  const action =
    purpose === 'enable'
      ? 'Continue'
      : purpose === 'disable'
        ? 'Turn off two-factor sign-in'
        : 'Make new recovery codes';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:max-w-sm">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField label="Current password">
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      {purpose === 'disable' && (
        <FormField label="Code from your authenticator app" hint="Or one of your recovery codes.">
          {(field) => (
            <Input
              {...field}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          isPending={isPending}
          variant={purpose === 'disable' ? 'danger' : 'primary'}
        >
          {action}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The key to scan or type, and the first code that proves the app holds it. */
function ScanStep({
  totpUri,
  onCancel,
  onVerified,
}: {
  totpUri: string;
  onCancel: () => void;
  onVerified: () => void;
}) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const [isPending, setIsPending] = useState(false);
  const keyId = useId();
  const codeRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZTotpCode.safeParse(code);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message);
      codeRef.current?.focus();
      return;
    }
    setFailure(undefined);
    setIsPending(true);
    const error = await runAuthAction(() => authClient.twoFactor.verifyTotp({ code: parsed.data }));
    setIsPending(false);
    if (error) {
      setFailure(error);
      setCode('');
      codeRef.current?.focus();
      return;
    }
    onVerified();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Aegis…).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows for Screenline.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        <QrCode value={totpUri} label="QR code of the two-factor key for your authenticator app" />
        <div className="grid gap-2">
          <p id={keyId} className="text-sm font-medium">
            Key to type instead
          </p>
          <code
            aria-labelledby={keyId}
            className="rounded-md bg-surface-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {manualKeyOf(totpUri)}
          </code>
          <p className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <FormField label="Code from the app" error={failure} className="sm:max-w-xs">
        {(field) => (
          <Input
            {...field}
            ref={codeRef}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={isPending}>
          Turn on two-factor sign-in
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorCard({ isRequired }: { isRequired: boolean }) {
  const { user, refresh } = useAuth();
  const [step, setStep] = useState<TStep>({ kind: 'idle' });
  if (!user) return null;
  const isOn = user.twoFactorEnabled;
  const cancel = () => setStep({ kind: 'idle' });

  return (
    <Card aria-labelledby="two-factor-title" id="two-factor" tabIndex={-1}>
      <CardHeader>
        <CardTitle id="two-factor-title" className="flex items-center gap-2">
          Two-factor sign-in
          <Badge tone={isOn ? 'success' : 'neutral'}>{isOn ? 'On' : 'Off'}</Badge>
        </CardTitle>
        <CardDescription>
          Signing in asks for a code from an authenticator app on your phone after the password.
          Payout requests need it, and a fresh code each time.
        </CardDescription>
      </CardHeader>
      {/* Nothing between the description and the buttons while idle, unless enrolment is due. */}
      {(step.kind !== 'idle' || (isRequired && !isOn)) && (
        <CardContent className="grid gap-4">
          {isRequired && !isOn && step.kind === 'idle' && (
            <Alert tone="warning" title="Admin pages need two-factor sign-in">
              Your account is a super-user account. Turn two-factor sign-in on to use the admin
              pages.
            </Alert>
          )}
          {step.kind === 'password' && (
            <PasswordForm
              purpose={step.purpose}
              onCancel={cancel}
              onDone={({ totpUri, backupCodes }) => {
                if (step.purpose === 'enable' && totpUri)
                  setStep({ kind: 'scan', totpUri, backupCodes: backupCodes ?? [] });
                else if (step.purpose === 'regenerate')
                  setStep({ kind: 'codes', backupCodes: backupCodes ?? [], isNew: true });
                else {
                  toast.success('Two-factor sign-in is off.');
                  setStep({ kind: 'idle' });
                  void refresh();
                }
              }}
            />
          )}
          {step.kind === 'scan' && (
            <ScanStep
              totpUri={step.totpUri}
              onCancel={cancel}
              onVerified={() => {
                setStep({ kind: 'codes', backupCodes: step.backupCodes, isNew: false });
                void refresh();
              }}
            />
          )}
          {step.kind === 'codes' && (
            <RecoveryCodes codes={step.backupCodes} isNew={step.isNew} onDone={cancel} />
          )}
        </CardContent>
      )}
      {step.kind === 'idle' && (
        <CardFooter className="flex flex-wrap gap-3">
          {isOn ? (
            <>
              <Button
                variant="outline"
                onClick={() => setStep({ kind: 'password', purpose: 'regenerate' })}
              >
                New recovery codes
              </Button>
              <Button
                variant="outline"
                onClick={() => setStep({ kind: 'password', purpose: 'disable' })}
              >
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={() => setStep({ kind: 'password', purpose: 'enable' })}>
              Turn on two-factor sign-in
            </Button>
          )}
        </CardFooter>
      )}
    </Card>
  );
}

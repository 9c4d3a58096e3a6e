import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDistanceToNow } from 'date-fns';
import { MonitorSmartphone } from 'lucide-react';
import {
  PAIRING_CLIENT_NAMES,
  formatUserCode,
  normalizeUserCode,
  type TDeviceVerification,
} from '@screenline/shared/pairing';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { homeFor } from '@/lib/redirect';
import {
  PAIRING_PROBLEM_MESSAGES,
  PairingError,
  type TPairingProblem,
} from '@/features/pairing/api/device-request';
import { useDecideDevice, type TDecision } from '@/features/pairing/api/decide-device';
import { useDevice } from '@/features/pairing/api/get-device';
import { usePairingRequest } from '@/features/pairing/api/get-pairing-request';
import { CodeForm } from '@/features/pairing/components/code-form';

/**
 * /pair (SPEC §2, DESIGN §6): a signed-in phone links a TV that shows a pairing QR code
 * (`/pair?code=…`; the grant's own `?user_code=` works too). Opening the page claims the code
 * for this account; "Link this TV" approves it and the TV, polling, signs in.
 */
export function PairPage() {
  usePageTitle('Link a TV');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('code') ?? params.get('user_code');
  const code = raw ? normalizeUserCode(raw) : null;

  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      <header className="text-center">
        <MonitorSmartphone aria-hidden className="mx-auto mb-3 size-10 text-primary" />
        <h1 className="text-2xl font-semibold tracking-tight">Link a TV</h1>
        <p className="mt-2 text-muted-foreground">
          {code
            ? 'Check that this code is the one on the TV screen, then link the TV to your account.'
            : 'Type the code the TV shows under its QR code.'}
        </p>
      </header>
      {code ? (
        <PairCode key={code} code={code} />
      ) : (
        <CodeForm
          onCode={(typed) => {
            void navigate(`${paths.pair}?code=${encodeURIComponent(typed)}`);
          }}
        />
      )}
    </div>
  );
}

function isRetryable(problem: TPairingProblem): boolean {
  return problem === 'network' || problem === 'other' || problem === 'signed-out';
}

function problemFrom(error: unknown): TPairingProblem {
  return error instanceof PairingError ? error.problem : 'other';
}

/** What the code's state means for this account, before anything was decided on this page. */
function stateProblem(device: TDeviceVerification): TPairingProblem | null {
  if (device.status !== 'pending') return 'used';
  // The plugin names the client only to the account that claimed the code: none means another
  // account opened it first.
  if (!device.client_id) return 'other-account';
  return null;
}

function PairCode({ code }: { code: string }) {
  const device = useDevice(code);
  const decide = useDecideDevice();
  const { user } = useAuth();
  const isClaimed = device.isSuccess && stateProblem(device.data) === null;
  const request = usePairingRequest(code, isClaimed);

  if (device.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Looking up the code" className="size-8" />
      </div>
    );
  }

  const decided: TDecision | undefined = decide.isSuccess ? decide.variables.decision : undefined;
  if (decided === 'approve') {
    return (
      <Outcome>
        <Alert tone="success" title="TV linked">
          The TV signs in to your account within a few seconds. You can close this page.
        </Alert>
        <Button asChild variant="outline">
          <Link to={user ? homeFor(user) : paths.home}>Go to your dashboard</Link>
        </Button>
      </Outcome>
    );
  }
  if (decided === 'deny') {
    return (
      <Outcome>
        <Alert tone="info" title="Cancelled">
          The TV was not linked. It shows a new code for the next try.
        </Alert>
        <AnotherCode />
      </Outcome>
    );
  }

  // A code that cannot be linked any more (expired, unknown, used, another account's) ends the
  // page; a failure worth retrying (no connection) stays beside the buttons.
  const blocking = device.isError
    ? problemFrom(device.error)
    : (stateProblem(device.data) ??
      (decide.isError && !isRetryable(problemFrom(decide.error))
        ? problemFrom(decide.error)
        : null));
  if (blocking) {
    const { title, body } = PAIRING_PROBLEM_MESSAGES[blocking];
    return (
      <Outcome>
        <CodeBox code={code} />
        <Alert tone="error" title={title}>
          {body}
        </Alert>
        <AnotherCode />
      </Outcome>
    );
  }
  const problem = decide.isError ? problemFrom(decide.error) : null;

  const clientId = device.data?.client_id ?? '';
  const run = (decision: TDecision) => {
    decide.mutate({ decision, userCode: code });
  };
  return (
    <Outcome>
      <CodeBox code={code} />
      <Alert tone="warning" title="Only link a TV that is in front of you">
        Link it only if you can see the TV and it shows this same code. If someone sent you this
        link or code, do not link it: whoever holds that TV would play on your account.
      </Alert>
      <dl
        aria-label="The TV asking to link"
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border bg-surface px-4 py-3 text-sm"
      >
        <dt className="text-muted-foreground">Device</dt>
        <dd>{request.data?.name ?? PAIRING_CLIENT_NAMES[clientId] ?? 'Unknown app'}</dd>
        <dt className="text-muted-foreground">Platform</dt>
        <dd>{request.data?.platform ?? (request.isPending ? '…' : 'Not known')}</dd>
        <dt className="text-muted-foreground">Asked from</dt>
        <dd className="font-mono">
          {request.data?.ipAddress ?? (request.isPending ? '…' : 'Not known')}
        </dd>
        <dt className="text-muted-foreground">Asked</dt>
        <dd>{askedAt(request.data?.requestedAt ?? null, request.isPending)}</dd>
        <dt className="text-muted-foreground">Account</dt>
        <dd className="truncate">{user?.email}</dd>
      </dl>
      {problem && (
        <Alert tone="error" title={PAIRING_PROBLEM_MESSAGES[problem].title}>
          {PAIRING_PROBLEM_MESSAGES[problem].body}
        </Alert>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          size="lg"
          isPending={decide.isPending && decide.variables.decision === 'approve'}
          disabled={decide.isPending}
          onClick={() => {
            run('approve');
          }}
        >
          Link this TV
        </Button>
        <Button
          size="lg"
          variant="outline"
          isPending={decide.isPending && decide.variables.decision === 'deny'}
          disabled={decide.isPending}
          onClick={() => {
            run('deny');
          }}
        >
          Cancel
        </Button>
      </div>
    </Outcome>
  );
}

/** "3 minutes ago (14:02)": when the TV asked for the code, in this phone's time. */
function askedAt(requestedAt: string | null, isPending: boolean): string {
  if (!requestedAt) return isPending ? '…' : 'Not known';
  const at = new Date(requestedAt);
  const clock = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return `${formatDistanceToNow(at, { addSuffix: true })} (${clock})`;
}

function Outcome({ children }: { children: ReactNode }) {
  return <div className="grid gap-4">{children}</div>;
}

function CodeBox({ code }: { code: string }) {
  return (
    <p className="rounded-lg border border-border bg-surface-muted py-4 text-center">
      <span className="block text-xs text-muted-foreground">Code</span>
      <span className="font-mono text-3xl font-semibold tracking-[0.2em]">
        {formatUserCode(code)}
      </span>
    </p>
  );
}

function AnotherCode() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.pair}>Enter another code</Link>
    </Button>
  );
}

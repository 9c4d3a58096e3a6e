import { formatDistanceToNow } from 'date-fns';
import type { TDeviceSignInMethod, TOwnerDevice } from '@screenline/shared/player';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const SIGN_IN_METHODS: Record<TDeviceSignInMethod, string> = {
  password: 'Email and password',
  pairing: 'QR code from a phone',
};

/** What a TV is called: its name, else what it runs on. */
export function deviceLabel(device: TOwnerDevice): string {
  return device.name ?? device.platform;
}

/** The selector of a row's "Sign out" button, to give it the focus back after the dialog. */
export const signOutButtonSelector = (id: string) => `[data-sign-out-device="${id}"]`;

function lastSeen(at: string | null): string {
  return at ? formatDistanceToNow(new Date(at), { addSuffix: true }) : 'Never';
}

/**
 * The owner's TVs (issue 18 item 2): what each is, what it plays, when it was last seen, how it
 * signed in, and a way to sign it out. A table from 768 px, cards below.
 */
export function DevicesTable({
  devices,
  onSignOut,
}: {
  devices: TOwnerDevice[];
  onSignOut: (device: TOwnerDevice) => void;
}) {
  return (
    <ul aria-label="Your TVs" className="grid gap-3">
      {devices.map((device) => (
        <li
          key={device.id}
          className="grid gap-3 rounded-xl border border-border bg-surface p-4 md:grid-cols-[1fr_auto] md:items-center"
        >
          <div className="grid min-w-0 gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words">{deviceLabel(device)}</span>
              {device.isSignedIn ? (
                <Badge tone="success">Signed in</Badge>
              ) : (
                <Badge tone="neutral">Signed out</Badge>
              )}
            </p>
            <dl className="grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">Runs on</dt>
                <dd className="min-w-0 break-words">{device.platform}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">Plays</dt>
                <dd className="min-w-0 break-words">{device.adSpace?.name ?? 'No ad space'}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">Last seen</dt>
                <dd>{lastSeen(device.lastSeenAt)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">Signed in with</dt>
                <dd>
                  {device.signInMethod ? SIGN_IN_METHODS[device.signInMethod] : 'Not recorded'}
                </dd>
              </div>
            </dl>
          </div>
          {device.isSignedIn && (
            <Button
              variant="outline"
              data-sign-out-device={device.id}
              aria-label={`Sign out ${deviceLabel(device)}`}
              onClick={() => {
                onSignOut(device);
              }}
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Tv } from 'lucide-react';
import type { TOwnerDevice } from '@screenline/shared/player';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { paths } from '@/lib/paths';
import { useDevices } from '@/features/devices/api/devices';
import { DevicesTable, signOutButtonSelector } from '@/features/devices/components/devices-table';
import { SignOutTvDialog } from '@/features/devices/components/sign-out-tv-dialog';

/**
 * /advertiser/tvs (issue 18 item 2): the owner's TVs and how each signed in, and signing one out.
 * Changing the password, or resetting it, signs every TV out too.
 */
export function DevicesPage() {
  usePageTitle('TVs');
  const devices = useDevices();
  const [signingOut, setSigningOut] = useState<TOwnerDevice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { remember, returnFocus } = useReturnFocus(headingRef);

  return (
    <>
      <PageHeader
        title={
          <span ref={headingRef} tabIndex={-1} className="outline-none">
            TVs
          </span>
        }
        description="The TVs signed in to your account. Sign out any you do not recognise. Changing your password signs out every TV."
      />
      {devices.isPending ? (
        <ListLoading label="Loading your TVs" />
      ) : devices.isError ? (
        <ListLoadError
          title="Your TVs could not be loaded"
          error={devices.error}
          onRetry={() => void devices.refetch()}
        />
      ) : devices.data.length === 0 ? (
        <EmptyState
          icon={Tv}
          title="No TVs yet"
          description="Open Screenline on a TV and sign in, or scan its QR code with your phone. It appears here once it plays an ad space."
        >
          <Button asChild variant="outline" className="mt-4">
            <Link to={paths.advertiser.adSpaces}>Go to ad spaces</Link>
          </Button>
        </EmptyState>
      ) : (
        <DevicesTable
          devices={devices.data}
          onSignOut={(device) => {
            remember(signOutButtonSelector(device.id));
            setSigningOut(device);
          }}
        />
      )}
      <SignOutTvDialog
        device={signingOut}
        onClose={() => {
          setSigningOut(null);
        }}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

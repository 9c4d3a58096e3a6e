import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MonitorPlay } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TMonetizationRequest } from '@screenline/shared/monetization';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { usePlatformSettings } from '@/lib/api/get-platform-settings';
import { paths } from '@/lib/paths';
import { useAllAdSpaces } from '@/lib/api/ad-spaces';
import { useMonetizationRequests } from '@/features/monetization/api/monetization';
import { EarningsReport } from '@/features/monetization/components/earnings-report';
import {
  MonetizationTable,
  monetizationActionSelector,
  type TSpaceMonetization,
} from '@/features/monetization/components/monetization-table';
import { RequestMonetizationDialog } from '@/features/monetization/components/request-monetization-dialog';
import { WithdrawDialog } from '@/features/monetization/components/withdraw-dialog';
import { perHour, perSecond } from '@/lib/money-input';

type TDialog =
  | { kind: 'request'; adSpace: TAdSpace; previousFloor: number | null }
  | { kind: 'withdraw'; request: TMonetizationRequest };

/** Each space with its newest request (the list comes newest first). */
function latestBySpace(
  adSpaces: readonly TAdSpace[],
  requests: readonly TMonetizationRequest[],
): TSpaceMonetization[] {
  const latest = new Map<string, TMonetizationRequest>();
  for (const request of requests) {
    const current = latest.get(request.adSpace.id);
    if (!current || request.createdAt > current.createdAt) latest.set(request.adSpace.id, request);
  }
  return adSpaces.map((adSpace) => ({ adSpace, latest: latest.get(adSpace.id) ?? null }));
}

/**
 * /advertiser/monetize (issue 9 item 3): each ad space's monetization and floor price, asking
 * and withdrawing, and what the spaces earned.
 */
export function MonetizePage() {
  usePageTitle('Monetize');
  const adSpaces = useAllAdSpaces();
  const requests = useMonetizationRequests();
  const settings = usePlatformSettings();
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { remember, returnFocus } = useReturnFocus(headingRef);
  const rows = useMemo(
    () => latestBySpace(adSpaces.data ?? [], requests.data ?? []),
    [adSpaces.data, requests.data],
  );

  const onRequest = useCallback(
    (adSpace: TAdSpace, previousFloor: number | null) => {
      remember(monetizationActionSelector(adSpace.id));
      setDialog({ kind: 'request', adSpace, previousFloor });
    },
    [remember],
  );
  const onWithdraw = useCallback(
    (request: TMonetizationRequest) => {
      remember(monetizationActionSelector(request.adSpace.id));
      setDialog({ kind: 'withdraw', request });
    },
    [remember],
  );
  const close = () => setDialog(null);
  const failed = [adSpaces, requests, settings].find((query) => query.isError);

  return (
    <>
      <PageHeader
        title={
          <span ref={headingRef} tabIndex={-1} className="outline-none">
            Monetize
          </span>
        }
        description="Let paid campaigns fill your screens’ ad slots at a floor price you set, and follow what they earn."
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.advertiser.approvals}>Campaign approvals</Link>
          </Button>
        }
      />
      <div className="grid gap-8">
        {settings.data && (
          <Alert title="How it works">
            Campaigns pay per second their ad is shown. The floor is the least a campaign must bid
            for your screen: at least {perSecond(settings.data.minMicrosPerSecond)} (
            {perHour(settings.data.minMicrosPerSecond)}). You earn each charge less the platform’s
            commission of {(settings.data.commissionBasisPoints / 100).toLocaleString('en-GB')} %;
            earnings land in your{' '}
            <Link to={paths.wallet} className="font-medium underline">
              wallet
            </Link>
            .
          </Alert>
        )}
        {adSpaces.isPending || requests.isPending || settings.isPending ? (
          <ListLoading label="Loading your ad spaces" />
        ) : failed ? (
          <ListLoadError
            title="Your ad spaces’ monetization could not be loaded."
            error={failed.error}
            onRetry={() => {
              void adSpaces.refetch();
              void requests.refetch();
              void settings.refetch();
            }}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={MonitorPlay}
            title="Add an ad space first"
            description="Monetization is asked per screen. Add your screens, then come back to open their ad slots to campaigns."
          >
            <Button asChild>
              <Link to={paths.advertiser.adSpaces}>Go to Ad spaces</Link>
            </Button>
          </EmptyState>
        ) : (
          <MonetizationTable rows={rows} onRequest={onRequest} onWithdraw={onWithdraw} />
        )}
        <EarningsReport />
      </div>
      {settings.data && (
        <RequestMonetizationDialog
          adSpace={dialog?.kind === 'request' ? dialog.adSpace : null}
          previousFloor={dialog?.kind === 'request' ? dialog.previousFloor : null}
          settings={settings.data}
          onClose={close}
          onCloseAutoFocus={returnFocus}
        />
      )}
      <WithdrawDialog
        request={dialog?.kind === 'withdraw' ? dialog.request : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

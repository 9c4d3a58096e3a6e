import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TCampaignApproval } from '@screenline/shared/approval';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { API, apiPath } from '@screenline/shared/api-paths';
import { Button } from '@/components/ui/button';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { useAllAdSpaces } from '@/lib/api/ad-spaces';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDecideCampaign } from '@/features/campaign-approvals/api/decide-campaign';
import { useApprovalPolicies } from '@/features/campaign-approvals/api/list-approval-policies';
import { useCampaignApprovals } from '@/features/campaign-approvals/api/list-campaign-approvals';
import {
  ApprovalItem,
  approvalActionSelector,
} from '@/features/campaign-approvals/components/approval-item';
import { ApprovalPreview } from '@/features/campaign-approvals/components/approval-preview';
import { DeclineDialog } from '@/features/campaign-approvals/components/decline-dialog';
import { PolicyEditor } from '@/features/campaign-approvals/components/policy-editor';

/** The space's default playlist, to preview a creative inside it (null: it has none). */
function usePreviewPlaylist(adSpaceId: string | null) {
  const spaces = useAllAdSpaces({ isEnabled: adSpaceId !== null });
  const playlistId =
    spaces.data?.find((space) => space.id === adSpaceId)?.defaultPlaylist?.id ?? null;
  const playlist = useQuery({
    queryKey: ['playlists', 'detail', playlistId ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.playlist, { id: playlistId ?? '' }), ZPlaylistDetail, {
        signal,
      }),
    enabled: playlistId !== null,
  });
  const isReady = spaces.isSuccess && (playlistId === null || !playlist.isPending);
  return { isReady, playlist: playlist.data ?? null };
}

/**
 * /advertiser/monetize/approvals (issue 22 item 1): the campaigns waiting for the owner on their
 * screens, previewed inside the screen's own playlist and approved or declined per screen; what
 * was decided; and how each screen approves (review, rules, or the platform).
 */
export function CampaignApprovalsPage() {
  usePageTitle('Campaign approvals');
  const queue = useCampaignApprovals();
  const policies = useApprovalPolicies();
  const decide = useDecideCampaign();
  const [previewing, setPreviewing] = useState<TCampaignApproval | null>(null);
  const [declining, setDeclining] = useState<TCampaignApproval | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { remember, returnFocus } = useReturnFocus(headingRef);
  const preview = usePreviewPlaylist(previewing?.adSpaceId ?? null);

  const reviewed = useMemo(
    () =>
      new Set(
        (policies.data?.items ?? [])
          .filter((policy) => policy.mode === 'review')
          .map((policy) => policy.adSpaceId),
      ),
    [policies.data],
  );
  const known = useMemo(() => {
    const byId = new Map(
      (queue.data?.items ?? []).map((item) => [
        item.campaign.advertiser.id,
        item.campaign.advertiser,
      ]),
    );
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [queue.data]);
  const items = queue.data?.items ?? [];
  const waiting = items.filter((item) => item.state === 'pending');
  const decided = items.filter((item) => item.state !== 'pending');

  const closePreview = () => {
    setPreviewing(null);
    // The preview is no dialog of Radix: give focus back by hand.
    const selector = previewing ? `${approvalActionSelector(previewing)} button` : null;
    window.setTimeout(() => {
      const target = selector ? document.querySelector<HTMLElement>(selector) : null;
      (target ?? headingRef.current)?.focus();
    });
  };
  const approve = (approval: TCampaignApproval) =>
    decide.mutate(
      {
        adSpaceId: approval.adSpaceId,
        campaignId: approval.campaign.id,
        body: { decision: 'approve' },
      },
      {
        onSuccess: () =>
          toast.success(`“${approval.campaign.name}” plays on ${approval.adSpaceName}.`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const renderItem = (approval: TCampaignApproval) => (
    <ApprovalItem
      key={`${approval.campaign.id}/${approval.adSpaceId}`}
      approval={approval}
      canDecide={reviewed.has(approval.adSpaceId)}
      isDeciding={
        decide.isPending &&
        decide.variables?.campaignId === approval.campaign.id &&
        decide.variables?.adSpaceId === approval.adSpaceId
      }
      onPreview={() => setPreviewing(approval)}
      onApprove={() => approve(approval)}
      onDecline={() => {
        remember(`${approvalActionSelector(approval)} button`);
        setDeclining(approval);
      }}
    />
  );

  if (previewing && preview.isReady)
    return (
      <ApprovalPreview approval={previewing} playlist={preview.playlist} onExit={closePreview} />
    );

  const failed = [queue, policies].find((query) => query.isError);
  return (
    <>
      <PageHeader
        title={
          <span ref={headingRef} tabIndex={-1} className="outline-none">
            Campaign approvals
          </span>
        }
        description="Choose what plays on your screens: review each campaign, let your rules decide, or leave it to the platform."
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.advertiser.monetize}>Back to Monetize</Link>
          </Button>
        }
      />
      {queue.isPending || policies.isPending ? (
        <ListLoading label="Loading campaign approvals" />
      ) : failed ? (
        <ListLoadError
          title="Campaign approvals could not be loaded."
          error={failed.error}
          onRetry={() => {
            void queue.refetch();
            void policies.refetch();
          }}
        />
      ) : (
        <div className="grid gap-10">
          <section aria-labelledby="approvals-waiting" className="grid gap-3">
            <h2 id="approvals-waiting" className="text-lg font-semibold">
              Waiting for you ({waiting.length})
            </h2>
            {waiting.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing waits for you. Campaigns appear here when a screen of yours is set to “I
                review every campaign”.
              </p>
            ) : (
              <ul className="grid gap-4">{waiting.map(renderItem)}</ul>
            )}
          </section>
          <section aria-labelledby="approvals-decided" className="grid gap-3">
            <h2 id="approvals-decided" className="text-lg font-semibold">
              Campaigns on your screens ({decided.length})
            </h2>
            {decided.length === 0 ? (
              <p className="text-sm text-muted-foreground">No campaign targets your screens now.</p>
            ) : (
              <ul className="grid gap-4">{decided.map(renderItem)}</ul>
            )}
          </section>
          <section aria-labelledby="approvals-policies" className="grid gap-3">
            <h2 id="approvals-policies" className="text-lg font-semibold">
              How each screen approves
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {(policies.data?.items ?? []).map((policy) => (
                <PolicyEditor
                  key={`${policy.adSpaceId}@${policy.updatedAt ?? ''}`}
                  policy={policy}
                  known={known}
                />
              ))}
            </div>
          </section>
        </div>
      )}
      <DeclineDialog
        approval={declining}
        onClose={() => setDeclining(null)}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

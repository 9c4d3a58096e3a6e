import { AD_CATEGORY_LABELS } from '@screenline/shared/ad-category';
import { useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, ClipboardCheck, X } from 'lucide-react';
import {
  ZCampaign,
  ZCampaignList,
  matchesTargeting,
  type TCampaign,
} from '@screenline/shared/campaign';
import { VENUE_TYPE_LABELS } from '@screenline/shared/location';
import { ZDecisionReason, formatMicros, type TDecisionReason } from '@screenline/shared/money';
import { API, apiPath } from '@screenline/shared/api-paths';
import { CampaignStatusBadge } from '@/components/campaign/campaign-status-badge';
import { CreativePreviews } from '@/components/campaign/creative-previews';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { ApiError, apiRequest, errorMessage } from '@/lib/api-client';
import { marketplaceAdSpacesQueryOptions } from '@/lib/api/marketplace-ad-spaces';
import { useAuth } from '@/lib/auth-context';
import {
  describeTargeting,
  formatBid,
  formatDayparts,
  formatFlight,
  formatMoment,
} from '@/lib/campaign-format';
import { useIdempotentMutation } from '@/lib/idempotency';
import { toast } from '@/lib/toast';

/** Under the campaigns' key: a decision here refreshes any campaign list of this browser. */
const PENDING_QUERY_KEY = ['campaigns', 'admin', 'pending-review'] as const;

/** GET /api/v1/admin/campaigns?status=pending-review, every page (a review queue is short). */
function usePendingCampaigns() {
  return useQuery({
    queryKey: PENDING_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const items: TCampaign[] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams({ status: 'pending-review', limit: '100' });
        if (cursor) params.set('cursor', cursor);
        const page = await apiRequest(apiPath(API.adminCampaigns, {}, params), ZCampaignList, {
          signal,
        });
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return items;
    },
  });
}

/** GET /api/v1/marketplace/ad-spaces: the monetized screens, to name those a campaign reaches. */
function useMarketplaceSpaces() {
  return useQuery({ ...marketplaceAdSpacesQueryOptions, retry: false });
}

/** How a refused decision reads: its title, and the server's sentence. */
type TFailure = { title: string; message: string };

function failureOf(error: unknown, title: string): TFailure {
  if (error instanceof ApiError && error.code === 'insufficient-funds') {
    return { title: 'The buyer’s wallet cannot cover the budget', message: error.message };
  }
  return { title, message: errorMessage(error) };
}

function RejectDialog({
  campaign,
  onClose,
  onCloseAutoFocus,
}: {
  campaign: TCampaign | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const queryClient = useQueryClient();
  const reject = useIdempotentMutation({
    request: ({ id, body }: { id: string; body: TDecisionReason }) => ({
      path: apiPath(API.adminCampaignReject, { id }),
      body,
      schema: ZCampaign,
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TDecisionReason>({
    resolver: zodResolver(ZDecisionReason),
    defaultValues: { reason: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (body) => {
    if (!campaign) return;
    try {
      await reject.mutateAsync({ id: campaign.id, body });
      toast.success(`“${campaign.name}” was rejected; the buyer is told why.`);
      close();
    } catch (error) {
      const failure = failureOf(error, 'Not rejected');
      setError('root', { message: failure.message });
      toast.error(`“${campaign.name}” was not rejected. ${failure.message}`);
    }
  });
  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => !open && close()}>
      {campaign && (
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Reject “{campaign.name}”?</DialogTitle>
          <DialogDescription>
            The buyer sees the reason and gets it by email; they can change the campaign and send it
            again. Nothing is held from their wallet.
          </DialogDescription>
          <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4">
            {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
            <FormField
              label="Reason"
              hint="Say what to change, e.g. “The video shows a competitor’s logo.”"
              error={errors.reason?.message}
            >
              {(field) => <Textarea {...field} rows={4} {...register('reason')} />}
            </FormField>
            <DialogFooter className="mt-0">
              <Button variant="outline" onClick={close}>
                Keep it pending
              </Button>
              <Button type="submit" variant="danger" isPending={reject.isPending}>
                Reject campaign
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function MatchedScreens({
  campaign,
  spaces,
}: {
  campaign: TCampaign;
  spaces: ReturnType<typeof useMarketplaceSpaces>;
}) {
  if (!spaces.data) return null;
  const matched = spaces.data.filter((space) => matchesTargeting(space, campaign.targeting));
  return (
    <div className="grid gap-1.5">
      <p className="text-xs font-medium text-muted-foreground">
        Matches {matched.length} of {spaces.data.length} monetized screens
      </p>
      {matched.length > 0 && (
        <ul aria-label={`Screens “${campaign.name}” matches`} className="grid gap-1 text-sm">
          {matched.map((space) => (
            <li key={space.adSpaceId} className="break-words">
              {space.name} · {space.locationName}, {space.city} ·{' '}
              {VENUE_TYPE_LABELS[space.venueType]}
              {space.floorMicrosPerSecond > campaign.bidMicrosPerSecond && (
                <span className="text-danger">
                  {' '}
                  (floor {formatBid(space.floorMicrosPerSecond)}, above the bid)
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PendingCampaign({
  campaign,
  spaces,
  onReject,
}: {
  campaign: TCampaign;
  spaces: ReturnType<typeof useMarketplaceSpaces>;
  onReject: (campaign: TCampaign) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<TFailure | null>(null);
  const approve = useIdempotentMutation({
    request: (id: string) => ({
      path: apiPath(API.adminCampaignApprove, { id }),
      body: undefined,
      schema: ZCampaign,
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
  const submittedAt = campaign.history.findLast((event) => event.to === 'pending')?.at;
  // Four eyes on money (issue 18 item 6): the server refuses a super-user's own campaign too.
  const { user } = useAuth();
  const isOwn = user !== null && campaign.owner.id === user.uid;
  const nameOf = spaces.data
    ? (id: string) => spaces.data.find((space) => space.adSpaceId === id)?.name
    : undefined;

  const [isConfirming, setConfirming] = useState(false);
  const budget = formatMicros(campaign.budgetMicros);
  const onApprove = () => {
    setConfirming(false);
    setFailure(null);
    approve.mutate(campaign.id, {
      onSuccess: () =>
        toast.success(
          `“${campaign.name}” was approved; ${budget} is held from the buyer’s wallet.`,
        ),
      onError: (error) => {
        const refused = failureOf(error, 'Not approved');
        setFailure(refused);
        toast.error(`“${campaign.name}” was not approved: ${refused.title.toLowerCase()}.`);
      },
    });
  };

  return (
    <li>
      <Card aria-labelledby={`campaign-${campaign.id}`}>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <CardTitle id={`campaign-${campaign.id}`} className="break-words">
              {campaign.name}
            </CardTitle>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            By {campaign.owner.name} ({campaign.owner.email})
            {submittedAt && `, sent ${formatMoment(submittedAt)}`}
          </p>
        </CardHeader>
        <CardContent className="grid gap-5">
          {failure && (
            <Alert tone="error" title={failure.title}>
              {failure.message}
            </Alert>
          )}
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Detail term="Category">
              {campaign.category ? AD_CATEGORY_LABELS[campaign.category] : 'Not stated'}
            </Detail>
            <Detail term="Budget">{formatMicros(campaign.budgetMicros)}</Detail>
            <Detail term="Bid">{formatBid(campaign.bidMicrosPerSecond)}</Detail>
            <Detail term="Daily cap">
              {campaign.dailyCapMicros === null ? 'None' : formatMicros(campaign.dailyCapMicros)}
            </Detail>
            <Detail term="QR destination">{campaign.destinationUrl ?? 'None'}</Detail>
            <Detail term="Dates">{formatFlight(campaign.startDate, campaign.endDate)}</Detail>
            <Detail term="Dayparts">{formatDayparts(campaign.dayparts).join('; ')}</Detail>
            <Detail term="Targeting">
              {describeTargeting(campaign.targeting, nameOf).join('; ')}
            </Detail>
          </dl>
          <MatchedScreens campaign={campaign} spaces={spaces} />
          <section aria-label="Creatives" className="grid gap-2">
            <h3 className="text-sm font-semibold">Creatives</h3>
            <CreativePreviews creatives={campaign.creatives} />
          </section>
        </CardContent>
        <CardFooter>
          <Button
            variant="outline"
            className="text-danger"
            data-reject={campaign.id}
            onClick={() => onReject(campaign)}
          >
            <X aria-hidden />
            Reject…
          </Button>
          {/* Approving moves money: it asks once more, saying how much (issue 22 item 5). */}
          <Dialog open={isConfirming} onOpenChange={setConfirming}>
            <DialogTrigger asChild>
              <Button
                isPending={approve.isPending}
                disabled={isOwn}
                aria-describedby={isOwn ? `own-${campaign.id}` : undefined}
              >
                <Check aria-hidden />
                Approve…
              </Button>
            </DialogTrigger>
            <DialogContent role="alertdialog">
              <DialogTitle className="break-words">Approve “{campaign.name}”?</DialogTitle>
              <DialogDescription>
                {budget} will be held from {campaign.owner.name}’s wallet now. Its plays are paid
                from the hold, spread evenly over{' '}
                {formatFlight(campaign.startDate, campaign.endDate)}; what is left goes back to the
                wallet when the campaign ends.
              </DialogDescription>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep it pending</Button>
                </DialogClose>
                <Button onClick={onApprove}>Approve and hold {budget}</Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
          {isOwn && (
            <p id={`own-${campaign.id}`} className="basis-full text-xs text-muted-foreground">
              This is your own campaign: another super-user must approve it.
            </p>
          )}
        </CardFooter>
      </Card>
    </li>
  );
}

/**
 * /admin/ad-campaign-approvals: campaigns sent for review with their creatives, targeting,
 * matched screens, budget and dates; approve (holds the budget, refused when the buyer's wallet
 * cannot cover it) or reject with a reason.
 */
export function AdCampaignApprovalsPage() {
  usePageTitle('Campaign approvals');
  const pending = usePendingCampaigns();
  const spaces = useMarketplaceSpaces();
  const [rejecting, setRejecting] = useState<TCampaign | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const { remember, returnFocus } = useReturnFocus(headingRef);
  const openReject = (campaign: TCampaign) => {
    remember(`[data-reject="${CSS.escape(campaign.id)}"]`);
    setRejecting(campaign);
  };

  return (
    <>
      <div ref={headingRef} tabIndex={-1} className="focus:outline-none">
        <PageHeader
          title="Campaign approvals"
          description="Campaigns sent for review. Approving holds the budget from the buyer’s wallet; rejecting needs a reason the buyer can act on."
        />
      </div>
      {spaces.isError && (
        <p role="alert" className="mb-4 text-sm text-danger">
          The monetized screens could not be loaded, so the screens each campaign reaches are not
          listed: {errorMessage(spaces.error)}
        </p>
      )}
      {pending.isPending ? (
        <ListLoading label="Loading the campaigns to review" />
      ) : pending.isError ? (
        <ListLoadError
          title="The campaigns to review could not be loaded."
          error={pending.error}
          onRetry={() => void pending.refetch()}
        />
      ) : pending.data.length === 0 ? (
        <EmptyState
          icon={ClipboardCheck}
          title="Nothing to review"
          description="Campaigns appear here when a buyer sends one for review."
        />
      ) : (
        <ul aria-label="Campaigns to review" className="grid gap-6">
          {pending.data.map((campaign) => (
            <PendingCampaign
              key={campaign.id}
              campaign={campaign}
              spaces={spaces}
              onReject={openReject}
            />
          ))}
        </ul>
      )}
      <RejectDialog
        campaign={rejecting}
        onClose={() => setRejecting(null)}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

import { AD_CATEGORY_LABELS } from '@screenline/shared/ad-category';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Megaphone, Plus } from 'lucide-react';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  ZCampaignStatus,
  type TCampaign,
  type TCampaignStatus,
} from '@screenline/shared/campaign';
import { formatMicros } from '@screenline/shared/money';
import { CampaignStatusBadge } from '@/components/campaign/campaign-status-badge';
import { CreativePreviews } from '@/components/campaign/creative-previews';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { usePageTitle } from '@/hooks/use-page-title';
import {
  describeTargeting,
  formatBid,
  formatDateSpan,
  formatDayparts,
  formatFlight,
  formatMoment,
} from '@/lib/campaign-format';
import { useAuth } from '@/lib/auth-context';
import { addDays, todayIn } from '@/lib/local-time';
import { paths } from '@/lib/paths';
import { PLAY_MAX_AGE_WORDS } from '@/lib/proof-of-play';
import { cn } from '@/lib/utils';
import { useCampaign } from '@/features/ad-campaigns/api/get-campaign';
import { useCampaignList } from '@/features/ad-campaigns/api/list-campaigns';
import { useMarketplaceAdSpaces } from '@/lib/api/marketplace-ad-spaces';
import {
  CampaignActions,
  editCampaignPath,
  overviewPath,
} from '@/features/ad-campaigns/components/campaign-actions';
import { SpaceApprovalsCard } from '@/features/ad-campaigns/components/space-approvals-card';
import { CampaignTabs } from '@/features/ad-campaigns/components/campaign-tabs';
import { CampaignWizard } from '@/features/ad-campaigns/components/campaign-wizard';
import { StateTimeline } from '@/features/ad-campaigns/components/state-timeline';
import { campaignFormValues, newCampaignValues } from '@/features/ad-campaigns/utils/campaign-form';
import { readWizardDraft, wizardDraftKey } from '@/features/ad-campaigns/utils/wizard-draft';

const newCampaignButton = (
  <Button asChild>
    <Link to={paths.publisher.newAdCampaign}>
      <Plus aria-hidden />
      New campaign
    </Link>
  </Button>
);

/**
 * Whether the campaign's hold has money: an approved or paused campaign, and an ended one until
 * its hold is released (holdReleaseAt), after late plays from screens are billed.
 */
const holdsBudget = (campaign: TCampaign) =>
  campaign.state === 'approved' || campaign.state === 'paused' || campaign.holdReleaseAt !== null;

function CampaignsTable({ campaigns }: { campaigns: readonly TCampaign[] }) {
  const td = `${dataTableCell} align-top tabular-nums`;
  return (
    <DataTable label="Campaigns">
      <DataTableHead>
        <DataTableColumn>Campaign</DataTableColumn>
        <DataTableColumn className="w-32 sm:w-36">Status</DataTableColumn>
        <DataTableColumn className="hidden w-48 lg:table-cell">Dates</DataTableColumn>
        <DataTableColumn className="hidden w-28 text-right md:table-cell">Budget</DataTableColumn>
        <DataTableColumn className="hidden w-28 text-right sm:table-cell">Spent</DataTableColumn>
        <DataTableColumn className="hidden w-28 text-right md:table-cell">
          Remaining
        </DataTableColumn>
      </DataTableHead>
      <tbody>
        {campaigns.map((campaign) => (
          <DataTableRow key={campaign.id} label={campaign.name}>
            <td className="px-3 py-2.5 align-top">
              <Link
                to={overviewPath(campaign.id)}
                title={campaign.name}
                className="block truncate rounded-md text-sm font-medium text-foreground hover:underline"
              >
                {campaign.name}
              </Link>
              <span className="block text-xs text-muted-foreground lg:hidden">
                {formatDateSpan(campaign.startDate, campaign.endDate)}
              </span>
              <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                {formatMicros(campaign.spentMicros)} of {formatMicros(campaign.budgetMicros)} spent
              </span>
            </td>
            <td className={td}>
              <CampaignStatusBadge status={campaign.status} />
            </td>
            <td className={cn(td, 'hidden whitespace-nowrap lg:table-cell')}>
              {formatDateSpan(campaign.startDate, campaign.endDate)}
            </td>
            <td className={cn(td, 'hidden text-right md:table-cell')}>
              {formatMicros(campaign.budgetMicros)}
            </td>
            <td className={cn(td, 'hidden text-right sm:table-cell')}>
              {formatMicros(campaign.spentMicros)}
            </td>
            <td className={cn(td, 'hidden text-right md:table-cell')}>
              {holdsBudget(campaign) ? formatMicros(campaign.remainingMicros) : '—'}
            </td>
          </DataTableRow>
        ))}
      </tbody>
    </DataTable>
  );
}

/** /publisher/ad-campaigns: the buyer's campaigns, filtered by status (`?status=`). */
export function AdCampaignsPage() {
  usePageTitle('Ad campaigns');
  const [searchParams, setSearchParams] = useSearchParams();
  const parsedStatus = ZCampaignStatus.safeParse(searchParams.get('status'));
  const status: TCampaignStatus | null = parsedStatus.success ? parsedStatus.data : null;
  const list = useCampaignList(status);
  const campaigns = list.data?.pages.flatMap((page) => page.items) ?? [];

  const filter = (
    <FormField label="Status" className="w-full sm:w-56">
      {(field) => (
        <Select
          {...field}
          value={status ?? ''}
          onChange={(event) =>
            setSearchParams(
              (params) => {
                if (event.target.value === '') params.delete('status');
                else params.set('status', event.target.value);
                return params;
              },
              { replace: true },
            )
          }
        >
          <option value="">All campaigns</option>
          {CAMPAIGN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CAMPAIGN_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );

  return (
    <>
      <PageHeader
        title="Ad campaigns"
        description="Your campaigns with their status, dates, budget and spend."
        actions={newCampaignButton}
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">{filter}</div>
      {list.isPending ? (
        <ListLoading label="Loading your campaigns" />
      ) : list.isError ? (
        <ListLoadError
          title="Your campaigns could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : campaigns.length === 0 ? (
        status ? (
          <EmptyState
            icon={Megaphone}
            title={`No campaign is ${CAMPAIGN_STATUS_LABELS[status].toLowerCase()}`}
            description="Choose another status, or all campaigns."
          />
        ) : (
          <EmptyState
            icon={Megaphone}
            title="Create your first campaign"
            description="Pick creatives from your library, choose the screens or the kind of venues, set the dates and your bid per second. A super-user reviews it before it plays."
          >
            {newCampaignButton}
          </EmptyState>
        )
      ) : (
        <>
          <CampaignsTable campaigns={campaigns} />
          <LoadMore list={list} />
        </>
      )}
    </>
  );
}

/** /publisher/ad-campaigns/new: the wizard, for a new campaign or `?edit=<id>`. */
export function NewAdCampaignPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  usePageTitle(editId ? 'Edit ad campaign' : 'New ad campaign');
  const campaign = useCampaign(editId);
  const { user } = useAuth();
  const draftKey = wizardDraftKey(user?.uid ?? 'signed-out', editId);
  // Read once per campaign: the wizard keeps the draft up to date from then on.
  const draft = useMemo(() => readWizardDraft(draftKey), [draftKey]);
  const newValues = useMemo(() => {
    // Starts tomorrow by the buyer's own clock and runs four weeks.
    const start = addDays(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone), 1);
    return newCampaignValues(start, addDays(start, 27));
  }, []);

  const header = (
    <PageHeader
      title={editId ? `Edit “${campaign.data?.name ?? 'campaign'}”` : 'New ad campaign'}
      description="Creatives, where and when they play, and what you pay per second shown."
    />
  );
  if (editId === null) {
    return (
      <>
        {header}
        <CampaignWizard
          key="new"
          campaign={null}
          defaultValues={newValues}
          draftKey={draftKey}
          restored={draft}
        />
      </>
    );
  }
  if (campaign.isPending) return <ListLoading label="Loading the campaign" />;
  if (campaign.isError) {
    return (
      <ListLoadError
        title="The campaign could not be loaded."
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  const isEditable = campaign.data.state === 'draft' || campaign.data.state === 'rejected';
  return (
    <>
      {header}
      {campaign.data.state === 'rejected' && (
        <Alert tone="error" title="Why it was rejected" className="mb-6">
          {campaign.data.decision?.reason ?? 'No reason was given.'}
        </Alert>
      )}
      {isEditable ? (
        <CampaignWizard
          key={campaign.data.id}
          campaign={campaign.data}
          defaultValues={campaignFormValues(campaign.data)}
          draftKey={draftKey}
          // Changes typed before the campaign was saved elsewhere would overwrite that save.
          restored={draft && draft.savedAt > Date.parse(campaign.data.updatedAt) ? draft : null}
        />
      ) : (
        <Alert title="This campaign can no longer be edited">
          Only drafts and rejected campaigns can be changed; this one is{' '}
          {CAMPAIGN_STATUS_LABELS[campaign.data.status].toLowerCase()}.{' '}
          <Link to={overviewPath(campaign.data.id)} className="font-medium underline">
            Open its overview
          </Link>
        </Alert>
      )}
    </>
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

/** /publisher/ad-campaigns/view/{id}/overview: settings, creatives, targeting, history, actions. */
export function AdCampaignOverviewPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  const spaces = useMarketplaceAdSpaces();
  usePageTitle(campaign.data?.name ?? 'Campaign overview');

  if (campaign.isPending) return <ListLoading label="Loading the campaign" />;
  if (campaign.isError) {
    return (
      <ListLoadError
        title="The campaign could not be loaded."
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  const data = campaign.data;
  const nameOf = spaces.data
    ? (adSpaceId: string) => spaces.data.find((space) => space.adSpaceId === adSpaceId)?.name
    : undefined;

  return (
    <>
      <PageHeader
        title={<span className="break-words">{data.name}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <CampaignStatusBadge status={data.status} />
            {formatFlight(data.startDate, data.endDate)}
          </span>
        }
        actions={<CampaignActions campaign={data} />}
      />
      <CampaignTabs id={data.id} />
      <div className="grid gap-6">
        {data.holdReleaseAt !== null && (
          <Alert
            title={`${formatMicros(data.remainingMicros)} still held: returns to your wallet on ${formatMoment(data.holdReleaseAt)} after late plays from screens are billed`}
          >
            A TV can send what it played up to {PLAY_MAX_AGE_WORDS} late (it may have been offline),
            so plays shown while the campaign ran are billed from this hold until then.
          </Alert>
        )}
        {data.state === 'rejected' && (
          <Alert tone="error" title="Rejected: change it and submit it again">
            {data.decision?.reason ?? 'No reason was given.'}{' '}
            <Link to={editCampaignPath(data.id)} className="font-medium underline">
              Edit the campaign
            </Link>
          </Alert>
        )}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="grid gap-6">
            <Card>
              <CardHeader>
                <CardTitle>Budget and schedule</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-4 sm:grid-cols-2">
                  <Detail term="Category">
                    {data.category ? AD_CATEGORY_LABELS[data.category] : 'Not stated'}
                  </Detail>
                  <Detail term="Bid">{formatBid(data.bidMicrosPerSecond)}</Detail>
                  <Detail term="Total budget">{formatMicros(data.budgetMicros)}</Detail>
                  <Detail term="Spent">{formatMicros(data.spentMicros)}</Detail>
                  <Detail term="Left in the hold">
                    {holdsBudget(data)
                      ? formatMicros(data.remainingMicros)
                      : data.state === 'canceled' || data.state === 'completed'
                        ? 'Nothing held (returned to your wallet)'
                        : 'Nothing held (the budget is held once approved)'}
                  </Detail>
                  <Detail term="Daily cap">
                    {data.dailyCapMicros === null ? 'None' : formatMicros(data.dailyCapMicros)}
                  </Detail>
                  <Detail term="Dates">{formatFlight(data.startDate, data.endDate)}</Detail>
                  <Detail term="Dayparts">
                    {formatDayparts(data.dayparts).map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </Detail>
                  <Detail term="QR code">
                    {data.destinationUrl ? (
                      <a
                        href={data.destinationUrl}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="font-medium break-all text-primary hover:underline"
                      >
                        {data.destinationUrl}
                      </a>
                    ) : (
                      'None'
                    )}
                  </Detail>
                </dl>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Creatives</CardTitle>
              </CardHeader>
              <CardContent>
                <CreativePreviews creatives={data.creatives} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Targeting</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-1 text-sm">
                  {describeTargeting(data.targeting, nameOf).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            {data.state !== 'draft' && <SpaceApprovalsCard campaignId={data.id} />}
          </div>
          <Card>
            <CardHeader>
              <CardTitle>History</CardTitle>
            </CardHeader>
            <CardContent>
              <StateTimeline events={data.history} />
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}

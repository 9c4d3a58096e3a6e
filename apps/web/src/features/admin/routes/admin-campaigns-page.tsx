import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Megaphone, Search } from 'lucide-react';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  ZCampaignStatus,
  type TAdminCampaign,
  type TCampaignStatus,
} from '@screenline/shared/campaign';
import { formatMicros } from '@screenline/shared/money';
import { CampaignStatusBadge } from '@/components/campaign/campaign-status-badge';
import { PacingBadge } from '@/components/campaign/pacing-badge';
import { Button } from '@/components/ui/button';
import {
  DataTable,
  DataTableColumn,
  DataTableHead,
  DataTableRow,
  dataTableCell,
} from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { usePageTitle } from '@/hooks/use-page-title';
import { formatDateSpan } from '@/lib/campaign-format';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useAdminCampaignList } from '@/features/admin/api/admin-campaigns';

function Pacing({ campaign }: { campaign: TAdminCampaign }) {
  if (!campaign.pacing) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid justify-items-start gap-0.5">
      <PacingBadge status={campaign.pacing.status} />
      <span className="text-xs text-muted-foreground">
        line {formatMicros(campaign.pacing.evenLineMicros)}
      </span>
    </span>
  );
}

function CampaignsTable({ campaigns }: { campaigns: readonly TAdminCampaign[] }) {
  const td = `${dataTableCell} align-top tabular-nums`;
  return (
    <DataTable label="Campaigns">
      <DataTableHead>
        <DataTableColumn>Campaign</DataTableColumn>
        <DataTableColumn className="hidden w-56 lg:table-cell">Advertiser</DataTableColumn>
        <DataTableColumn className="w-32 sm:w-36">Status</DataTableColumn>
        <DataTableColumn className="hidden w-48 xl:table-cell">Dates</DataTableColumn>
        <DataTableColumn className="hidden w-28 text-right md:table-cell">Budget</DataTableColumn>
        <DataTableColumn className="hidden w-28 text-right sm:table-cell">Spent</DataTableColumn>
        <DataTableColumn className="hidden w-32 md:table-cell">Pacing</DataTableColumn>
      </DataTableHead>
      <tbody>
        {campaigns.map((campaign) => (
          <DataTableRow key={campaign.id} label={campaign.name}>
            <td className="px-3 py-2.5 align-top">
              {campaign.status === 'pending-review' ? (
                <Link
                  to={paths.admin.adCampaignApprovals}
                  title={`Review “${campaign.name}”`}
                  className="block truncate rounded-md text-sm font-medium text-foreground hover:underline"
                >
                  {campaign.name}
                </Link>
              ) : (
                <span title={campaign.name} className="block truncate text-sm font-medium">
                  {campaign.name}
                </span>
              )}
              <span className="block truncate text-xs text-muted-foreground lg:hidden">
                {campaign.owner.name}
              </span>
              <span className="block text-xs text-muted-foreground xl:hidden">
                {formatDateSpan(campaign.startDate, campaign.endDate)}
              </span>
              <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                {formatMicros(campaign.spentMicros)} of {formatMicros(campaign.budgetMicros)} spent
              </span>
              {campaign.pacing && (
                <span className="mt-1 block md:hidden">
                  <PacingBadge status={campaign.pacing.status} />
                </span>
              )}
            </td>
            <td className={cn(td, 'hidden lg:table-cell')}>
              <span className="block truncate text-sm">{campaign.owner.name}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {campaign.owner.email}
              </span>
            </td>
            <td className={td}>
              <CampaignStatusBadge status={campaign.status} />
            </td>
            <td className={cn(td, 'hidden whitespace-nowrap xl:table-cell')}>
              {formatDateSpan(campaign.startDate, campaign.endDate)}
            </td>
            <td className={cn(td, 'hidden text-right md:table-cell')}>
              {formatMicros(campaign.budgetMicros)}
            </td>
            <td className={cn(td, 'hidden text-right sm:table-cell')}>
              {formatMicros(campaign.spentMicros)}
            </td>
            <td className={cn(td, 'hidden md:table-cell')}>
              <Pacing campaign={campaign} />
            </td>
          </DataTableRow>
        ))}
      </tbody>
    </DataTable>
  );
}

/**
 * /admin/ad-campaigns: every buyer's campaigns in every state, filtered by status and searched by
 * name or advertiser (both in the URL), with spend and pacing (issue 22 item 5).
 */
export function AdminCampaignsPage() {
  usePageTitle('Campaigns');
  const [searchParams, setSearchParams] = useSearchParams();
  const parsedStatus = ZCampaignStatus.safeParse(searchParams.get('status'));
  const status: TCampaignStatus | null = parsedStatus.success ? parsedStatus.data : null;
  const q = (searchParams.get('q') ?? '').trim().slice(0, 200);
  const [typed, setTyped] = useState(q);
  const list = useAdminCampaignList({ status, q });
  const campaigns = list.data?.pages.flatMap((page) => page.items) ?? [];

  const setParam = (name: string, value: string) =>
    setSearchParams(
      (params) => {
        if (value === '') params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true },
    );
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParam('q', typed.trim());
  };

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Every buyer’s campaigns in every state, with spend and pacing against the even line."
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <FormField label="Status" className="w-full sm:w-56">
          {(field) => (
            <Select
              {...field}
              value={status ?? ''}
              onChange={(event) => setParam('status', event.target.value)}
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
        <form role="search" onSubmit={onSearch} className="flex w-full items-end gap-2 sm:w-96">
          <FormField label="Campaign or advertiser" className="flex-1">
            {(field) => (
              <Input
                {...field}
                type="search"
                maxLength={200}
                value={typed}
                placeholder="Name or email"
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
        </form>
      </div>
      {list.isPending ? (
        <ListLoading label="Loading the campaigns" />
      ) : list.isError ? (
        <ListLoadError
          title="The campaigns could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : campaigns.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={status || q ? 'No campaign matches' : 'No campaigns yet'}
          description={
            status || q
              ? 'Choose another status or search for something else.'
              : 'Campaigns appear here as buyers create them.'
          }
        />
      ) : (
        <>
          <CampaignsTable campaigns={campaigns} />
          <LoadMore list={list} />
        </>
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ChartNoAxesColumn,
  Clock,
  Eye,
  Images,
  Megaphone,
  Plus,
  Receipt,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { formatMicros } from '@screenline/shared/money';
import { ROLE_LABELS } from '@screenline/shared/user';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  GettingStarted,
  WelcomeHeader,
  type TGettingStartedStep,
} from '@/features/dashboard/components/dashboard-intro';
import { useHasLibraryContent } from '@/features/dashboard/api/get-library-size';
import { usePublisherDashboard } from '@/features/dashboard/api/get-publisher-dashboard';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

const FUND_STEP = 'Fund your wallet';
const UPLOAD_STEP = 'Upload your creatives';
const CAMPAIGN_STEP = 'Create a campaign';

const STEPS: TGettingStartedStep[] = [
  {
    title: FUND_STEP,
    text: 'Request a top-up; campaign budgets are held from your wallet when approved.',
    to: paths.wallet,
    action: 'Open Wallet',
    icon: Wallet,
  },
  {
    title: UPLOAD_STEP,
    text: 'The images and videos your campaign will show go into your content library.',
    to: paths.content.library,
    action: 'Open Content',
    icon: Images,
  },
  {
    title: CAMPAIGN_STEP,
    text: 'Pick screens or target by city and venue, set dates, dayparts, your bid and budget.',
    to: paths.publisher.newAdCampaign,
    action: 'New campaign',
    icon: Megaphone,
  },
  {
    title: 'Follow the results',
    text: 'Impressions, seconds shown, spend and QR scans for each campaign.',
    to: paths.publisher.adCampaigns,
    action: 'Open Ad campaigns',
    icon: ChartNoAxesColumn,
  },
];

const campaignsWith = (status: string) =>
  `${paths.publisher.adCampaigns}?${new URLSearchParams({ status }).toString()}`;

function Figure({
  icon: Icon,
  label,
  value,
  detail,
  to,
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  detail?: ReactNode;
  to?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">
          {to ? (
            <Link to={to} className="rounded hover:text-foreground hover:underline">
              {label}
            </Link>
          ) : (
            label
          )}
        </h3>
        <Icon aria-hidden className="size-5 text-muted-foreground" />
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums sm:mt-2 sm:text-3xl">{value ?? '—'}</p>
      {detail && <p className="mt-1 text-xs text-muted-foreground tabular-nums">{detail}</p>}
    </Card>
  );
}

/** /publisher/dashboard: the buyer's campaigns, spend, impressions and balance, then first steps. */
export function PublisherDashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const hasContent = useHasLibraryContent().data === true;
  const dashboard = usePublisherDashboard();
  if (!user) return null;
  const figures = dashboard.data;
  // What the figures prove done: money in the wallet (or already spent), a campaign submitted.
  const done: Record<string, boolean> = {
    [FUND_STEP]: !!figures && (figures.balanceMicros > 0 || figures.spendToDateMicros > 0),
    [UPLOAD_STEP]: hasContent,
    [CAMPAIGN_STEP]:
      !!figures &&
      (figures.activeCampaigns > 0 || figures.awaitingReview > 0 || figures.impressionsToDate > 0),
  };
  const steps = STEPS.map((step) => ({ ...step, isDone: done[step.title] ?? false }));
  const count = (value: number | undefined) => value?.toLocaleString('en-GB');
  const money = (value: number | undefined) =>
    value === undefined ? undefined : formatMicros(value);
  return (
    <>
      <WelcomeHeader
        user={user}
        roleLabel={ROLE_LABELS.publisher}
        summary="Put your ads on screens in the venues your customers visit, and pay only for the seconds shown."
      />
      <div className="grid gap-6">
        {dashboard.isError && (
          <Alert tone="error" title="Your figures could not be loaded">
            {errorMessage(dashboard.error)}
          </Alert>
        )}
        <section aria-labelledby="figures-title" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="figures-title" className="text-base font-semibold">
              At a glance
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <Link to={paths.publisher.adCampaigns}>All campaigns</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.publisher.newAdCampaign}>
                  <Plus aria-hidden />
                  New campaign
                </Link>
              </Button>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:[&>*]:col-span-2 lg:[&>*:nth-child(n+4)]:col-span-3">
            <Figure
              icon={Megaphone}
              label="Active campaigns"
              value={count(figures?.activeCampaigns)}
              to={campaignsWith('active')}
            />
            <Figure
              icon={Clock}
              label="Awaiting review"
              value={count(figures?.awaitingReview)}
              to={campaignsWith('pending-review')}
            />
            <Figure
              icon={Wallet}
              label="Balance"
              value={money(figures?.balanceMicros)}
              detail="Available in your wallet"
              to={paths.wallet}
            />
            <Figure
              icon={Receipt}
              label="Spend today"
              value={money(figures?.spendTodayMicros)}
              detail={figures && `${formatMicros(figures.spendToDateMicros)} to date`}
            />
            <Figure
              icon={Eye}
              label="Impressions today"
              value={count(figures?.impressionsToday)}
              detail={figures && `${count(figures.impressionsToDate)} to date`}
            />
          </div>
        </section>
        <GettingStarted steps={steps} hasTvs={false} helpTo={paths.help.publisherDashboard} />
      </div>
    </>
  );
}

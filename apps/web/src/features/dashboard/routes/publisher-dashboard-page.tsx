import { ChartNoAxesColumn, Images, Megaphone, Wallet } from 'lucide-react';
import { ROLE_LABELS } from '@screenline/shared/user';
import {
  GettingStarted,
  WelcomeHeader,
  type TGettingStartedStep,
} from '@/features/dashboard/components/dashboard-intro';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

const STEPS: TGettingStartedStep[] = [
  {
    title: 'Fund your wallet',
    text: 'Request a top-up; campaign budgets are held from your wallet when approved.',
    to: paths.wallet,
    action: 'Open Wallet',
    icon: Wallet,
  },
  {
    title: 'Upload your creatives',
    text: 'The images and videos your campaign will show go into your content library.',
    to: paths.content.library,
    action: 'Open Content',
    icon: Images,
  },
  {
    title: 'Create a campaign',
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

export function PublisherDashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <WelcomeHeader
        user={user}
        roleLabel={ROLE_LABELS.publisher}
        summary="Put your ads on screens in the venues your customers visit, and pay only for the seconds shown."
      />
      <GettingStarted steps={STEPS} helpTo={paths.help.publisherDashboard} />
    </>
  );
}

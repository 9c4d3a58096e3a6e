import { ChartNoAxesColumn, Images, Megaphone, Wallet } from 'lucide-react';
import { ROLE_LABELS } from '@screenline/shared/user';
import {
  GettingStarted,
  WelcomeHeader,
  type TGettingStartedStep,
} from '@/features/dashboard/components/dashboard-intro';
import { useHasLibraryContent } from '@/features/dashboard/api/get-library-size';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

const UPLOAD_STEP = 'Upload your creatives';

const STEPS: TGettingStartedStep[] = [
  {
    title: 'Fund your wallet',
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
  const hasContent = useHasLibraryContent().data === true;
  if (!user) return null;
  const steps = STEPS.map((step) =>
    step.title === UPLOAD_STEP ? { ...step, isDone: hasContent } : step,
  );
  return (
    <>
      <WelcomeHeader
        user={user}
        roleLabel={ROLE_LABELS.publisher}
        summary="Put your ads on screens in the venues your customers visit, and pay only for the seconds shown."
      />
      <GettingStarted steps={steps} hasTvs={false} helpTo={paths.help.publisherDashboard} />
    </>
  );
}

import {
  BadgeDollarSign,
  CalendarClock,
  Images,
  ListVideo,
  MapPin,
  MonitorPlay,
  Tv,
} from 'lucide-react';
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

const UPLOAD_STEP = 'Upload content';

const STEPS: TGettingStartedStep[] = [
  {
    title: 'Add a location',
    text: 'Each venue with its address and time zone; schedules follow that time zone.',
    to: paths.advertiser.locations,
    action: 'Open Locations',
    icon: MapPin,
  },
  {
    title: 'Register your screens',
    text: 'Create an ad space for every screen at a location.',
    to: paths.advertiser.adSpaces,
    action: 'Open Ad spaces',
    icon: MonitorPlay,
  },
  {
    title: UPLOAD_STEP,
    text: 'Images and videos for your screens go into your content library.',
    to: paths.content.library,
    action: 'Open Content',
    icon: Images,
  },
  {
    title: 'Build a playlist',
    text: 'Put content in order, set how long images show, and add ad slots.',
    to: paths.advertiser.playlists,
    action: 'Open Playlists',
    icon: ListVideo,
  },
  {
    title: 'Schedule it',
    text: 'Choose which playlist plays on which screen, on which days and hours.',
    to: paths.advertiser.schedule,
    action: 'Open Schedule',
    icon: CalendarClock,
  },
  {
    title: 'Connect a TV',
    text: 'Open the Screenline player on the TV and sign in or scan its QR code.',
    to: paths.help.tvSignIn,
    action: 'Read how',
    icon: Tv,
  },
  {
    title: 'Earn from ad slots',
    text: 'Turn on monetization so approved campaigns fill your ad slots.',
    to: paths.advertiser.monetize,
    action: 'Open Monetize',
    icon: BadgeDollarSign,
  },
];

export function AdvertiserDashboardPage() {
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
        roleLabel={ROLE_LABELS.advertiser}
        summary="Set up your venues and screens, decide what they play, and let paid campaigns fill the gaps."
      />
      <GettingStarted steps={steps} hasTvs={true} helpTo={paths.help.advertiserDashboard} />
    </>
  );
}

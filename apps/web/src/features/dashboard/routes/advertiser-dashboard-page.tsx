import { useMemo } from 'react';
import { CalendarClock, Images, ListVideo, MapPin, MonitorPlay, Tv } from 'lucide-react';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { ROLE_LABELS } from '@screenline/shared/user';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import {
  GettingStarted,
  HelpCard,
  WelcomeHeader,
  type TGettingStartedStep,
} from '@/features/dashboard/components/dashboard-intro';
import {
  AttentionList,
  ScreenStats,
  ScreensList,
} from '@/features/dashboard/components/screens-overview';
import { EarningsCard } from '@/features/dashboard/components/earnings-card';
import { useHasLibraryContent } from '@/features/dashboard/api/get-library-size';
import { useAllAdSpaces } from '@/lib/api/ad-spaces';
import { useAllLocations } from '@/lib/api/locations';
import { useAllPlaylists } from '@/lib/api/playlists';
import { useAllScheduleEntries } from '@/lib/api/schedule-entries';
import { useScreenGroups } from '@/lib/api/screen-groups';
import { todaySchedule } from '@/features/dashboard/utils/today-schedule';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { useLatestScreenshots } from '@/lib/api/list-screenshots';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

type TStepKey = 'location' | 'adSpace' | 'content' | 'playlist' | 'schedule' | 'tv';

/** The first-run checklist (issue 7 item 8), in order; each ticks itself off from real data. */
const STEPS: Array<TGettingStartedStep & { key: TStepKey }> = [
  {
    key: 'location',
    title: 'Add a location',
    text: 'Each venue with its address and time zone; schedules follow that time zone.',
    to: paths.advertiser.locations,
    action: 'Open Locations',
    icon: MapPin,
  },
  {
    key: 'adSpace',
    title: 'Add an ad space',
    text: 'Create an ad space for every screen at a location.',
    to: paths.advertiser.adSpaces,
    action: 'Open Ad spaces',
    icon: MonitorPlay,
  },
  {
    key: 'content',
    title: 'Upload content',
    text: 'Images and videos for your screens go into your content library.',
    to: paths.content.library,
    action: 'Open Content',
    icon: Images,
  },
  {
    key: 'playlist',
    title: 'Build a playlist',
    text: 'Put content in order, set how long images show, and add ad slots.',
    to: paths.advertiser.newPlaylist,
    action: 'New playlist',
    icon: ListVideo,
  },
  {
    key: 'schedule',
    title: 'Schedule it',
    text: 'Choose which playlist plays on which screen, on which days and hours.',
    to: paths.advertiser.schedule,
    action: 'Open Schedule',
    icon: CalendarClock,
  },
  {
    key: 'tv',
    title: 'Connect a TV',
    text: 'Open the Screenline player on the TV and sign in or scan its QR code.',
    to: paths.help.tvSignIn,
    action: 'Read how',
    icon: Tv,
  },
];

/** /advertiser/dashboard: the owner's screens at a glance, and the first-run checklist. */
export function AdvertiserDashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const content = useHasLibraryContent();
  const locations = useAllLocations();
  const adSpaces = useAllAdSpaces();
  const playlists = useAllPlaylists();
  const entries = useAllScheduleEntries();
  const groups = useScreenGroups();
  // Asked again every few minutes while the dashboard is open (the TVs are asked from the ad
  // spaces page and "On screen now").
  const screenshots = useLatestScreenshots();

  const todayById = useMemo(() => {
    const byId = new Map<string, ReturnType<typeof todaySchedule>>();
    if (!adSpaces.data || !entries.data) return byId;
    const bySpace = new Map<string, TScheduleEntryView[]>();
    const add = (adSpaceId: string, entry: TScheduleEntryView) =>
      bySpace.set(adSpaceId, [...(bySpace.get(adSpaceId) ?? []), entry]);
    for (const entry of entries.data) {
      if (entry.adSpaceId !== null) add(entry.adSpaceId, entry);
      // A group's entry plays on each of its screens (issue 23).
      const group = groups.data?.find((candidate) => candidate.id === entry.groupId);
      for (const member of group?.members ?? []) add(member.id, entry);
    }
    for (const space of adSpaces.data) {
      byId.set(space.id, todaySchedule(space, bySpace.get(space.id) ?? []));
    }
    return byId;
  }, [adSpaces.data, entries.data, groups.data]);

  if (!user) return null;
  const queries = [content, locations, adSpaces, playlists, entries];
  const isSettled = queries.every((query) => !query.isPending);
  const failed = queries.find((query) => query.isError);
  const spaces = adSpaces.data ?? [];
  const done: Record<TStepKey, boolean> = {
    location: (locations.data?.length ?? 0) > 0,
    adSpace: spaces.length > 0,
    content: content.data === true,
    playlist: (playlists.data?.length ?? 0) > 0,
    // A default playlist decides what a screen plays as much as an entry does.
    schedule:
      (entries.data?.length ?? 0) > 0 || spaces.some((space) => space.defaultPlaylist !== null),
    tv: spaces.some((space) => space.lastSeenAt !== null),
  };
  const steps = STEPS.map((step) => ({ ...step, isDone: done[step.key] }));
  const doneCount = steps.filter((step) => step.isDone).length;
  const isSetUp = doneCount === steps.length;

  return (
    <>
      <WelcomeHeader
        user={user}
        roleLabel={ROLE_LABELS.advertiser}
        summary="Set up your venues and screens, decide what they play, and let paid campaigns fill the gaps."
      />
      <div className="grid gap-6">
        {failed?.error && (
          <Alert tone="error" title="Part of your dashboard could not be loaded">
            {errorMessage(failed.error)}
          </Alert>
        )}
        {/* The figures first: they keep their place while the rest loads, and what appears
            once the data is in (the checklist, the screens) appears below them, so nothing on
            screen moves (Lighthouse measured a layout shift of 0.35 with the checklist above). */}
        <ScreenStats
          locationCount={locations.data?.length}
          adSpaces={adSpaces.data}
          playlistCount={playlists.data?.length}
        />
        {!isSettled && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> Loading your screens…
          </p>
        )}
        {isSettled && !isSetUp && (
          <GettingStarted
            steps={steps}
            hasTvs={true}
            helpTo={paths.help.advertiserDashboard}
            description={`${doneCount} of ${steps.length} done. Each step ticks itself off once it is done; each opens the page where it is done.`}
          />
        )}
        {spaces.length > 0 && (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
            <ScreensList adSpaces={spaces} todayById={todayById} screenshots={screenshots.data} />
            <div className="grid gap-6">
              <AttentionList adSpaces={spaces} />
              {isSetUp && <HelpCard helpTo={paths.help.advertiserDashboard} hasTvs={true} />}
              <EarningsCard />
            </div>
          </div>
        )}
      </div>
    </>
  );
}

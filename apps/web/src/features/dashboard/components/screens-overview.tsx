import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListVideo, MapPin, MonitorPlay, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { TAdSpace, TAdSpaceStatus } from '@screenline/shared/ad-space';
import type { TAdSpaceScreenshot } from '@screenline/shared/fleet';
import { ScreenThumbnail } from '@/components/fleet/screen-thumbnail';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatHours, localClockAt } from '@/lib/local-time';
import { paths } from '@/lib/paths';
import type { TodaySchedule } from '@/features/dashboard/utils/today-schedule';

const STATUS = {
  online: { label: 'Online', tone: 'success' },
  offline: { label: 'Offline', tone: 'danger' },
  'never-connected': { label: 'Never connected', tone: 'neutral' },
  'scheduled-off': { label: 'Scheduled off', tone: 'neutral' },
} as const satisfies Record<TAdSpaceStatus, { label: string; tone: string }>;

const scheduleLink = (adSpaceId: string) =>
  `${paths.advertiser.schedule}?${new URLSearchParams({ adSpace: adSpaceId }).toString()}`;
/** The ad spaces page with the space's "On screen now" open. */
const onScreenLink = (adSpaceId: string) =>
  `${paths.advertiser.adSpaces}?${new URLSearchParams({ screen: adSpaceId }).toString()}`;

function Stat({
  icon: Icon,
  label,
  value,
  to,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: number | undefined;
  to: string;
  children?: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">
          <Link to={to} className="rounded hover:text-foreground hover:underline">
            {label}
          </Link>
        </h3>
        <Icon aria-hidden className="size-5 text-muted-foreground" />
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums sm:mt-2 sm:text-3xl">{value ?? '—'}</p>
      {children}
    </Card>
  );
}

/** Counts of locations, ad spaces by status, playlists. */
export function ScreenStats({
  locationCount,
  adSpaces,
  playlistCount,
}: {
  locationCount: number | undefined;
  adSpaces: TAdSpace[] | undefined;
  playlistCount: number | undefined;
}) {
  const countOf = (status: TAdSpaceStatus) =>
    adSpaces?.filter((space) => space.status === status).length ?? 0;
  return (
    <section aria-labelledby="stats-title" className="grid gap-3">
      <h2 id="stats-title" className="sr-only">
        At a glance
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          icon={MapPin}
          label="Locations"
          value={locationCount}
          to={paths.advertiser.locations}
        />
        <Stat
          icon={MonitorPlay}
          label="Ad spaces"
          value={adSpaces?.length}
          to={paths.advertiser.adSpaces}
        >
          {adSpaces && adSpaces.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Ad spaces by status">
              {(Object.keys(STATUS) as TAdSpaceStatus[])
                // Power schedules are optional: "0 scheduled off" would only be noise.
                .filter((status) => status !== 'scheduled-off' || countOf(status) > 0)
                .map((status) => (
                  <li key={status}>
                    <Badge tone={STATUS[status].tone}>
                      {countOf(status)} {STATUS[status].label.toLowerCase()}
                    </Badge>
                  </li>
                ))}
            </ul>
          )}
        </Stat>
        <Stat
          icon={ListVideo}
          label="Playlists"
          value={playlistCount}
          to={paths.advertiser.playlists}
        />
      </div>
    </section>
  );
}

/** Today's scheduled stretches as a bar over the local day, with the hours in words. */
function TodayBar({ today, timeZone }: { today: TodaySchedule; timeZone: string }) {
  const length = today.endMs - today.startMs;
  const scheduled = today.segments.filter((segment) => segment.source === 'schedule');
  const spans = scheduled
    .map(
      (segment) =>
        `${localClockAt(segment.startMs, timeZone)}–${segment.endMs === today.endMs ? '24:00' : localClockAt(segment.endMs, timeZone)}`,
    )
    .join(', ');
  return (
    <div className="grid gap-1">
      <p className="text-sm tabular-nums">
        <span className="font-medium">{formatHours(today.scheduledMs)}</span>
        <span className="text-muted-foreground"> scheduled today</span>
      </p>
      <div
        role="img"
        aria-label={spans ? `Scheduled today ${spans}` : 'Nothing scheduled today'}
        className="relative h-2 w-full max-w-48 overflow-hidden rounded-full bg-surface-muted"
      >
        {scheduled.map((segment) => (
          <span
            key={segment.startMs}
            className="absolute inset-y-0 bg-primary"
            style={{
              left: `${((segment.startMs - today.startMs) / length) * 100}%`,
              width: `${((segment.endMs - segment.startMs) / length) * 100}%`,
            }}
          />
        ))}
      </div>
    </div>
  );
}

function NowPlaying({ adSpace }: { adSpace: TAdSpace }) {
  const { playing } = adSpace;
  if (playing.source === 'idle') {
    return <span className="text-muted-foreground">Idle screen</span>;
  }
  return (
    <span>
      <span className="font-medium">{playing.playlistName ?? 'A playlist'}</span>
      <span className="text-muted-foreground">
        {playing.source === 'default' ? ' · default playlist' : ' · scheduled'}
      </span>
    </span>
  );
}

/**
 * Every screen: its newest screenshot (issue 23 item 3), status, what it plays now, today's
 * scheduled hours on its own clock.
 */
export function ScreensList({
  adSpaces,
  todayById,
  screenshots,
}: {
  adSpaces: TAdSpace[];
  todayById: ReadonlyMap<string, TodaySchedule>;
  /** The newest screenshot of each space, by id (undefined while loading). */
  screenshots: ReadonlyMap<string, TAdSpaceScreenshot> | undefined;
}) {
  return (
    <Card aria-labelledby="screens-title">
      <CardHeader>
        <CardTitle id="screens-title">Your screens</CardTitle>
        <CardDescription>
          What each one shows and plays now, and how much of today is scheduled on its
          location&apos;s clock.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {adSpaces.map((space) => {
            const today = todayById.get(space.id);
            const status = STATUS[space.status];
            return (
              <li
                key={space.id}
                aria-label={space.name}
                className="flex items-start gap-3 rounded-lg border border-border p-4 md:items-center"
              >
                <ScreenThumbnail
                  adSpaceName={space.name}
                  shot={screenshots?.get(space.id)}
                  playing={space.playing}
                  to={onScreenLink(space.id)}
                  className="shrink-0"
                />
                <div className="grid min-w-0 flex-1 gap-x-4 gap-y-2 sm:grid-cols-2 sm:items-center">
                  <div className="min-w-0 sm:col-span-2">
                    <p className="flex flex-wrap items-center gap-2">
                      <Link
                        to={scheduleLink(space.id)}
                        className="truncate rounded font-medium hover:underline"
                      >
                        {space.name}
                      </Link>
                      <Badge tone={status.tone}>{status.label}</Badge>
                    </p>
                    <p className="truncate text-sm text-muted-foreground">
                      {space.location.name} · {space.location.timeZone}
                    </p>
                  </div>
                  <p className="min-w-0 text-sm">
                    <span className="text-muted-foreground">Now: </span>
                    <NowPlaying adSpace={space} />
                  </p>
                  {today && <TodayBar today={today} timeZone={space.location.timeZone} />}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

type TAttention = { key: string; text: string; to: string; action: string };

/** Why a screen needs its owner: offline, never connected, or nothing to play. */
export function attentionFor(space: TAdSpace): TAttention[] {
  const reasons: TAttention[] = [];
  if (space.status === 'offline') {
    reasons.push({
      key: 'offline',
      text: 'Offline: its TV has stopped reporting.',
      to: paths.help.tvPlayer,
      action: 'Troubleshoot',
    });
  }
  if (space.status === 'never-connected') {
    reasons.push({
      key: 'never-connected',
      text: 'No TV has connected to it yet.',
      to: paths.help.tvSignIn,
      action: 'Connect a TV',
    });
  }
  if (space.scheduleEntryCount === 0 && space.defaultPlaylist === null) {
    reasons.push({
      key: 'nothing',
      text: 'Nothing scheduled and no default playlist: it shows the idle screen.',
      to: scheduleLink(space.id),
      action: 'Schedule a playlist',
    });
  }
  return reasons;
}

export function AttentionList({ adSpaces }: { adSpaces: TAdSpace[] }) {
  const needing = adSpaces
    .map((space) => ({ space, reasons: attentionFor(space) }))
    .filter(({ reasons }) => reasons.length > 0);
  return (
    <Card aria-labelledby="attention-title">
      <CardHeader>
        <CardTitle id="attention-title">Screens needing attention</CardTitle>
        <CardDescription>
          {needing.length === 0
            ? 'None: every screen is connected and has something to play.'
            : `${needing.length} of ${adSpaces.length} ${adSpaces.length === 1 ? 'screen' : 'screens'}.`}
        </CardDescription>
      </CardHeader>
      {needing.length > 0 && (
        <CardContent className="pt-0">
          <ul className="grid gap-3">
            {needing.map(({ space, reasons }) => (
              <li key={space.id} aria-label={space.name} className="flex gap-3">
                <TriangleAlert
                  aria-hidden
                  className="mt-0.5 size-4 shrink-0 text-warning-soft-foreground"
                />
                <div className="grid min-w-0 gap-1 text-sm">
                  <p className="font-medium">
                    {space.name}
                    <span className="font-normal text-muted-foreground">
                      {' '}
                      · {space.location.name}
                    </span>
                  </p>
                  <ul className="grid gap-1">
                    {reasons.map((reason) => (
                      <li key={reason.key} className="text-muted-foreground">
                        {reason.text}{' '}
                        <Link
                          to={reason.to}
                          className="rounded font-medium text-primary hover:underline"
                        >
                          {reason.action}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}

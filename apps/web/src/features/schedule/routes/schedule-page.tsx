import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, ListVideo, MonitorPlay, Plus } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMediaQuery } from '@/hooks/use-media-query';
import { errorMessage } from '@/lib/api-client';
import {
  addDays,
  formatShortDay,
  isLocalDay,
  mondayOf,
  offsetAt,
  todayIn,
  zoneAbbreviationAt,
} from '@/lib/local-time';
import { paths } from '@/lib/paths';
import { useAllAdSpaces } from '@/lib/api/ad-spaces';
import { useAllPlaylists } from '@/lib/api/playlists';
import { usePowerSchedule } from '@/features/schedule/api/get-power-schedule';
import { useScheduleEntries } from '@/lib/api/schedule-entries';
import { useScreenGroups } from '@/lib/api/screen-groups';
import { EntryDialog, type TEntryDialogState } from '@/features/schedule/components/entry-dialog';
import { SavedEntryNotice } from '@/features/schedule/components/saved-entry-notice';
import { WeekGrid, WeekList } from '@/features/schedule/components/week-view';
import { WhatPlaysHere } from '@/features/schedule/components/what-plays-here';
import { createPlaylistColors } from '@/features/schedule/utils/playlist-colors';
import { createWeekResolver, layoutWeek } from '@/features/schedule/utils/week-layout';

function Loading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground" role="status">
      <Spinner className="size-4" /> {label}
    </p>
  );
}

/** "2–8 Mar 2026" style label of a week. */
function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  return `${formatShortDay(monday)} – ${formatShortDay(sunday)} ${sunday.slice(0, 4)}`;
}

function SpaceSchedule({
  adSpace,
  playlists,
  week,
  onWeekChange,
}: {
  adSpace: TAdSpace;
  playlists: TPlaylistSummary[];
  week: string | null;
  onWeekChange: (monday: string | null) => void;
}) {
  const timeZone = adSpace.location.timeZone;
  const today = todayIn(timeZone);
  const thisMonday = mondayOf(today);
  const monday = week ?? thisMonday;
  const isWide = useMediaQuery('(min-width: 768px)');
  const entries = useScheduleEntries(adSpace.id);
  const groups = useScreenGroups();
  const groupsOfSpace = useMemo(
    () =>
      (groups.data ?? []).filter((group) =>
        group.members.some((member) => member.id === adSpace.id),
      ),
    [groups.data, adSpace.id],
  );
  const power = usePowerSchedule(adSpace.id);
  const powerSchedule = power.data?.powerSchedule ?? null;
  const [dialog, setDialog] = useState<TEntryDialogState | null>(null);
  const [savedEntry, setSavedEntry] = useState<TScheduleEntryView | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const newEntryRef = useRef<HTMLButtonElement>(null);

  const entryList = entries.data;
  const resolver = useMemo(
    () =>
      entryList
        ? createWeekResolver(entryList, timeZone, adSpace.defaultPlaylist?.id ?? null)
        : null,
    [entryList, timeZone, adSpace.defaultPlaylist],
  );
  const layout = useMemo(
    () =>
      resolver && entryList ? layoutWeek({ resolver, entries: entryList, timeZone, monday }) : null,
    [resolver, entryList, timeZone, monday],
  );
  const entriesById = useMemo(
    () => new Map((entryList ?? []).map((entry) => [entry.id, entry])),
    [entryList],
  );
  const colorOf = useMemo(() => createPlaylistColors(playlists), [playlists]);
  const nowMs = Date.now();
  const fallbackText = adSpace.defaultPlaylist
    ? `plays the default playlist, ${adSpace.defaultPlaylist.name}`
    : 'shows the idle screen';

  const openEntry = (entry: TScheduleEntryView, opener: HTMLElement) => {
    openerRef.current = opener;
    setDialog({ mode: 'edit', entry });
  };
  const openNew = () => {
    openerRef.current = newEntryRef.current;
    const firstDay = monday === thisMonday ? today : monday;
    setDialog({ mode: 'create', adSpaceId: adSpace.id, firstDay });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label="Previous week"
                onClick={() => onWeekChange(addDays(monday, -7))}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <Button
                variant="outline"
                onClick={() => onWeekChange(null)}
                disabled={monday === thisMonday}
              >
                This week
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Next week"
                onClick={() => onWeekChange(addDays(monday, 7))}
              >
                <ChevronRight aria-hidden />
              </Button>
              <h2 className="ml-1 text-base font-semibold" aria-live="polite">
                {weekLabel(monday)}
              </h2>
            </div>
            <Button ref={newEntryRef} onClick={openNew} disabled={playlists.length === 0}>
              <Plus aria-hidden /> New entry
            </Button>
          </div>
          {savedEntry && (
            <SavedEntryNotice
              key={`${savedEntry.id}:${savedEntry.updatedAt}`}
              adSpace={adSpace}
              entry={savedEntry}
              onDismiss={() => setSavedEntry(null)}
            />
          )}
          <p className="text-sm text-muted-foreground">
            Times in <span className="font-medium text-foreground">{timeZone}</span> (
            {zoneAbbreviationAt(nowMs, timeZone)}, UTC{offsetAt(nowMs, timeZone)} now), the time
            zone of {adSpace.location.name}. Where no entry plays, the screen {fallbackText}.
            {powerSchedule &&
              ' Shaded hours are off in the power schedule (Ad spaces → Power schedule…): the screen is black and plays nothing then.'}
          </p>
          {playlists.length === 0 && (
            <Alert tone="info" title="No playlists yet">
              A schedule entry plays a playlist.{' '}
              <Link
                to={paths.advertiser.newPlaylist}
                className="rounded font-medium underline underline-offset-4"
              >
                Build your first playlist
              </Link>
              , then come back to schedule it.
            </Alert>
          )}
          {entries.isPending && <Loading label="Loading the schedule…" />}
          {entries.isError && (
            <Alert tone="error" title="The schedule could not be loaded">
              {errorMessage(entries.error)}{' '}
              <Button variant="link" onClick={() => void entries.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {layout &&
            (isWide ? (
              <WeekGrid
                layout={layout}
                timeZone={timeZone}
                today={today}
                entriesById={entriesById}
                colorOf={colorOf}
                onOpen={openEntry}
                powerSchedule={powerSchedule}
              />
            ) : (
              <WeekList
                layout={layout}
                timeZone={timeZone}
                today={today}
                entriesById={entriesById}
                fallbackText={fallbackText}
                colorOf={colorOf}
                onOpen={openEntry}
                powerSchedule={powerSchedule}
              />
            ))}
          {layout && entryList?.length === 0 && playlists.length > 0 && (
            <p className="text-sm text-muted-foreground">
              No entries yet: add one with <span className="font-medium">New entry</span>.
            </p>
          )}
        </CardContent>
      </Card>
      <WhatPlaysHere
        key={adSpace.id}
        adSpace={adSpace}
        resolver={resolver}
        entriesById={entriesById}
        playlists={playlists}
      />
      <EntryDialog
        state={dialog}
        playlists={playlists}
        groups={groupsOfSpace}
        timeZone={timeZone}
        onClose={(change, saved) => {
          // A deleted block is gone: focus goes to "New entry" instead.
          if (change === 'deleted') openerRef.current = newEntryRef.current;
          if (change !== 'canceled') setSavedEntry(saved ?? null);
          setDialog(null);
        }}
        onCloseAutoFocus={(event) => {
          const opener = openerRef.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          } else if (newEntryRef.current) {
            event.preventDefault();
            newEntryRef.current.focus();
          }
        }}
      />
    </div>
  );
}

/**
 * /advertiser/schedule: one ad space's week (`?adSpace=`, `?week=` its Monday), its entries,
 * and "What plays here at…".
 */
export function SchedulePage() {
  usePageTitle('Schedule');
  const [searchParams, setSearchParams] = useSearchParams();
  const adSpaces = useAllAdSpaces();
  const playlists = useAllPlaylists();
  const requestedId = searchParams.get('adSpace');
  const requestedWeek = searchParams.get('week');
  const week = requestedWeek && isLocalDay(requestedWeek) ? mondayOf(requestedWeek) : null;
  const tag = searchParams.get('tag');
  const allSpaces = adSpaces.data;
  const tags = useMemo(
    () => [...new Set((allSpaces ?? []).flatMap((space) => space.tags))].sort(),
    [allSpaces],
  );
  // The picker lists the screens carrying the tag chosen (issue 23); an unknown tag lists all.
  const spaces =
    tag !== null && tags.includes(tag)
      ? allSpaces?.filter((space) => space.tags.includes(tag))
      : allSpaces;
  const adSpace = spaces?.find((space) => space.id === requestedId) ?? spaces?.[0] ?? null;

  const updateParams = (changes: Record<string, string | null>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // The choice lives in the URL: an unknown or missing id becomes the first space's.
  useEffect(() => {
    if (adSpace && adSpace.id !== requestedId) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('adSpace', adSpace.id);
          return next;
        },
        { replace: true },
      );
    }
  }, [adSpace, requestedId, setSearchParams]);

  let body;
  if (adSpaces.isPending || playlists.isPending) {
    body = <Loading label="Loading your ad spaces…" />;
  } else if (adSpaces.isError || playlists.isError) {
    body = (
      <Alert tone="error" title="Your schedule could not be loaded">
        {errorMessage(adSpaces.error ?? playlists.error)}{' '}
        <Button
          variant="link"
          onClick={() => {
            void adSpaces.refetch();
            void playlists.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (!adSpace) {
    body = (
      <EmptyState
        icon={MonitorPlay}
        title="No ad spaces yet"
        description="A schedule says what one screen plays when. Add an ad space for your screen first."
      >
        <Link to={paths.advertiser.adSpaces} className={buttonClasses('primary')}>
          <MonitorPlay aria-hidden /> Add an ad space
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className="mb-6 flex flex-wrap items-end gap-4">
          <FormField label="Ad space" className="w-full sm:w-80">
            {(field) => (
              <Select
                {...field}
                value={adSpace.id}
                onChange={(event) => updateParams({ adSpace: event.target.value })}
              >
                {(spaces ?? []).map((space) => (
                  <option key={space.id} value={space.id}>
                    {space.name} · {space.location.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {tags.length > 0 && (
            <FormField label="Filter screens by tag" className="w-full sm:w-56">
              {(field) => (
                <Select
                  {...field}
                  value={tag !== null && tags.includes(tag) ? tag : ''}
                  onChange={(event) => updateParams({ tag: event.target.value || null })}
                >
                  <option value="">All screens</option>
                  {tags.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          {playlists.data.length > 0 && (
            <Link to={paths.advertiser.playlists} className={buttonClasses('ghost', 'md')}>
              <ListVideo aria-hidden /> Playlists
            </Link>
          )}
        </div>
        <SpaceSchedule
          key={adSpace.id}
          adSpace={adSpace}
          playlists={playlists.data}
          week={week}
          onWeekChange={(monday) => updateParams({ week: monday })}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Schedule"
        description="Which playlist plays on which screen: by date, weekday and time of day, in each location's time zone."
      />
      {body}
    </>
  );
}

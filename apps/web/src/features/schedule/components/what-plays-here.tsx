import { useMemo, useState, type FormEvent } from 'react';
import {
  resolveLocalDateTime,
  type ScheduleResolver,
} from '@screenline/playback/schedule-resolver';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import {
  ZLocalDateTime,
  type TPlaying,
  type TScheduleEntryView,
} from '@screenline/shared/schedule';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import {
  DATE_LOCALE,
  formatLongDay,
  nowLocalMinute,
  offsetAt,
  zoneAbbreviationAt,
} from '@/lib/local-time';
import { usePlaying } from '@/features/schedule/api/get-playing';
import { reasonsFor, whyOf } from '@/features/schedule/utils/explain-playing';

const SOURCE_BADGES = {
  schedule: { label: 'Scheduled', tone: 'brand' },
  default: { label: 'Default playlist', tone: 'neutral' },
  idle: { label: 'Idle screen', tone: 'warning' },
} as const;

function Answer({
  playing,
  asked,
  adSpace,
  resolver,
  entriesById,
  playlists,
}: {
  playing: TPlaying;
  asked: string;
  adSpace: TAdSpace;
  resolver: ScheduleResolver | null;
  entriesById: ReadonlyMap<string, TScheduleEntryView>;
  playlists: readonly TPlaylistSummary[];
}) {
  const atMs = Date.parse(playing.at);
  const timeZone = playing.timeZone;
  const playlistName =
    playing.playlistName ??
    playlists.find((playlist) => playlist.id === playing.playlistId)?.name ??
    (playing.playlistId === adSpace.defaultPlaylist?.id ? adSpace.defaultPlaylist.name : null);
  const reasons = useMemo(() => {
    // The resolver is asked only when the server sent no reasons of its own.
    const local =
      playing.explanation || !resolver
        ? null
        : {
            explanation: resolver.explainAt(atMs),
            adjustment: resolveLocalDateTime(asked, timeZone).adjustment,
          };
    return reasonsFor(playing, local, entriesById);
  }, [playing, resolver, atMs, asked, timeZone, entriesById]);
  const why = useMemo(() => {
    if (!reasons) return null;
    const when = new Intl.DateTimeFormat(DATE_LOCALE, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
    return whyOf(playing.source, reasons.active, (iso) => when.format(Date.parse(iso)));
  }, [reasons, playing.source, timeZone]);
  const meant = playing.localTime.slice(0, 16);
  // The server's localTime is the time actually meant: it differs from the question in a gap.
  const isMovedForward = meant !== asked || reasons?.adjustment === 'moved-forward';
  const winner = playing.source === 'schedule' ? reasons?.active[0] : undefined;
  const badge = SOURCE_BADGES[playing.source];

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {formatLongDay(meant.slice(0, 10))}, {meant.slice(11)} ({zoneAbbreviationAt(atMs, timeZone)}
        , UTC{offsetAt(atMs, timeZone)})
      </p>
      {isMovedForward && (
        <Alert tone="info" title="That time does not exist there">
          {asked.slice(11)} is skipped on {formatLongDay(asked.slice(0, 10))} in {timeZone}: the
          clocks go forward, so it was moved forward to {meant.slice(11)}.
        </Alert>
      )}
      {!isMovedForward && reasons?.adjustment === 'earlier-of-two' && (
        <Alert tone="info" title="That time happens twice there">
          The clocks go back that night, so {asked.slice(11)} comes twice; this is the first (UTC
          {offsetAt(atMs, timeZone)}).
        </Alert>
      )}
      <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span>
          {playing.source === 'idle' ? 'The idle screen' : (playlistName ?? 'A playlist')}
        </span>
        {playing.source !== 'idle' && <Badge tone={badge.tone}>{badge.label}</Badge>}
      </p>
      {winner && (
        <p className="text-sm">
          <span className="font-medium">Winning entry:</span> {winner.name}, priority{' '}
          {winner.priority}
        </p>
      )}
      {why ? (
        <>
          <p className="text-sm">
            <span className="font-medium">Why:</span> {why.why}
          </p>
          {why.losers.length > 0 && (
            <ul className="grid gap-1 text-sm text-muted-foreground">
              {why.losers.map(({ entry, reason }) => (
                <li key={entry.entryId}>
                  Hidden: {entry.name}, priority {entry.priority} ({reason})
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          The schedule changed since this page loaded; its reasons will show once it has reloaded.
        </p>
      )}
    </div>
  );
}

/**
 * "What plays here at…": a local date and time at the space's location, answered by the server
 * (`GET /api/v1/ad-spaces/{id}/playing?at=`), explained with the resolver over the same entries.
 */
export function WhatPlaysHere({
  adSpace,
  resolver,
  entriesById,
  playlists,
}: {
  adSpace: TAdSpace;
  resolver: ScheduleResolver | null;
  entriesById: ReadonlyMap<string, TScheduleEntryView>;
  playlists: readonly TPlaylistSummary[];
}) {
  const timeZone = adSpace.location.timeZone;
  const [now] = useState(() => nowLocalMinute(timeZone));
  const [date, setDate] = useState(now.slice(0, 10));
  const [time, setTime] = useState(now.slice(11, 16));
  const [error, setError] = useState<string | undefined>();
  const [asked, setAsked] = useState<string | null>(null);
  const playing = usePlaying(asked === null ? null : { adSpaceId: adSpace.id, at: asked });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZLocalDateTime.safeParse(`${date}T${time}`);
    if (!date || !time || !parsed.success) {
      setError('Enter a date and a time.');
      return;
    }
    setError(undefined);
    setAsked(parsed.data);
  };

  return (
    <Card aria-labelledby="what-plays-title">
      <CardHeader>
        <CardTitle id="what-plays-title">What plays here at…</CardTitle>
        <CardDescription>
          Any date and time at {adSpace.location.name}, on its clock ({timeZone}).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <FormField label="Date" error={error} className="w-44">
            {(field) => (
              <Input
                type="date"
                {...field}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Time" className="w-32">
            {(field) => (
              <Input
                type="time"
                {...field}
                value={time}
                onChange={(event) => setTime(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" isPending={playing.isFetching}>
            Ask
          </Button>
        </form>
        <div aria-live="polite">
          {asked !== null && playing.isPending && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" /> Asking…
            </p>
          )}
          {playing.isError && <Alert tone="error">{errorMessage(playing.error)}</Alert>}
          {playing.data && asked !== null && (
            <Answer
              playing={playing.data}
              asked={asked}
              adSpace={adSpace}
              resolver={resolver}
              entriesById={entriesById}
              playlists={playlists}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { TPowerSchedule } from '@screenline/shared/power-schedule';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { cn } from '@/lib/utils';
import {
  formatHours,
  formatLongDay,
  formatShortDay,
  localClockAt,
  wallClockAt,
} from '@/lib/local-time';
import type {
  ClockChange,
  WeekBlock,
  WeekDay,
  WeekLayout,
} from '@/features/schedule/utils/week-layout';
import { offHoursText, offSpansOfDay } from '@/features/schedule/utils/off-hours';

/** Height of one wall-clock hour in the grid. */
export const HOUR_HEIGHT_PX = 44;
const MIN_BLOCK_PX = 20;
/**
 * Room kept above the hour the grid opens at: the sticky day header covers the top of the
 * scrolled area, and an hour's label sits half above its line.
 */
const OPENING_MARGIN_PX = 10;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type TOpenEntry = (entry: TScheduleEntryView, opener: HTMLElement) => void;
type TColorOf = (playlistId: string) => string;

/** The names of the entries hiding parts of a block, once each. */
function hiddenByNames(block: WeekBlock, entriesById: ReadonlyMap<string, TScheduleEntryView>) {
  const names = block.hidden.map(
    (part) => entriesById.get(part.byEntryId)?.playlistName ?? 'another entry',
  );
  return [...new Set(names)].join(', ');
}

function windowText(block: WeekBlock, timeZone: string): string {
  const start = localClockAt(block.windowStartMs, timeZone);
  const end = localClockAt(block.windowEndMs, timeZone);
  const spansDays = block.isContinued || block.continuesNext;
  return spansDays ? `${start}–${end} next day` : `${start}–${end}`;
}

/** Everything a block shows, in one sentence for its accessible name. */
function blockLabel(
  block: WeekBlock,
  day: WeekDay,
  timeZone: string,
  entriesById: ReadonlyMap<string, TScheduleEntryView>,
): string {
  const { entry } = block;
  const from = block.isContinued ? ' (continued from the day before)' : '';
  const parts = [
    `${entry.playlistName}, ${formatShortDay(day.day)} ${windowText(block, timeZone)}${from}`,
    `priority ${entry.priority}`,
  ];
  if (entry.groupName !== null) parts.push(`for the group ${entry.groupName}`);
  if (block.isFullyHidden) parts.push(`hidden by ${hiddenByNames(block, entriesById)}`);
  else if (block.hidden.length > 0) {
    const spans = block.hidden
      .map(
        (part) => `${localClockAt(part.startMs, timeZone)}–${localClockAt(part.endMs, timeZone)}`,
      )
      .join(', ');
    parts.push(`hidden ${spans} by ${hiddenByNames(block, entriesById)}`);
  }
  return parts.join(', ');
}

function clockChangeText(change: ClockChange, hours: number): string {
  return change.kind === 'forward'
    ? `Clocks go forward ${change.from} → ${change.to} (${hours} h day)`
    : `Clocks go back ${change.from} → ${change.to} (${hours} h day)`;
}

function GridBlock({
  block,
  day,
  timeZone,
  entriesById,
  colorOf,
  onOpen,
}: {
  block: WeekBlock;
  day: WeekDay;
  timeZone: string;
  entriesById: ReadonlyMap<string, TScheduleEntryView>;
  colorOf: TColorOf;
  onOpen: TOpenEntry;
}) {
  const heightPx = Math.max((block.bottom - block.top) * HOUR_HEIGHT_PX, MIN_BLOCK_PX);
  const width = 100 / block.lanes;
  const isShort = heightPx < 40;
  return (
    <button
      type="button"
      data-entry-id={block.entry.id}
      data-state={
        block.isFullyHidden ? 'hidden' : block.hidden.length > 0 ? 'partly-hidden' : 'plays'
      }
      aria-label={blockLabel(block, day, timeZone, entriesById)}
      onClick={(event) => onOpen(block.entry, event.currentTarget)}
      style={{
        top: `${block.top * HOUR_HEIGHT_PX}px`,
        height: `${heightPx}px`,
        left: `calc(${block.lane * width}% + 2px)`,
        width: `calc(${width}% - 4px)`,
      }}
      className={cn(
        'absolute z-10 flex cursor-pointer flex-col justify-start overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs leading-tight shadow-xs transition-shadow hover:shadow-md focus-visible:z-30',
        colorOf(block.entry.playlistId),
        block.isFullyHidden && 'bg-hatched border-dashed opacity-60',
        block.isContinued && 'rounded-t-none',
        block.continuesNext && 'rounded-b-none',
      )}
    >
      {block.hidden.map((part) =>
        block.isFullyHidden ? null : (
          <span
            key={part.startMs}
            aria-hidden
            className="bg-hatched absolute inset-x-0 bg-surface/60"
            style={{
              top: `${(part.top - block.top) * HOUR_HEIGHT_PX}px`,
              height: `${Math.max((part.bottom - part.top) * HOUR_HEIGHT_PX, 2)}px`,
            }}
          />
        ),
      )}
      <span aria-hidden className="relative block">
        <span className="block truncate font-semibold">{block.entry.playlistName}</span>
        {!isShort && block.entry.groupName !== null && (
          <span className="block truncate opacity-80">Group: {block.entry.groupName}</span>
        )}
        {!isShort && (
          <span className="block truncate opacity-80">{windowText(block, timeZone)}</span>
        )}
        {!isShort && block.isFullyHidden && (
          <span className="block truncate font-medium">
            Hidden by {hiddenByNames(block, entriesById)}
          </span>
        )}
        {!isShort && !block.isFullyHidden && block.hidden.length > 0 && (
          <span className="block truncate font-medium">
            Partly hidden by {hiddenByNames(block, entriesById)}
          </span>
        )}
      </span>
    </button>
  );
}

/** The time now, moving on each minute (the grid's "now" line follows it). */
function useMinuteClock(): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return nowMs;
}

/** Desktop: hours down, days across, entries as blocks placed on the location's wall clock. */
export function WeekGrid({
  layout,
  timeZone,
  today,
  entriesById,
  colorOf,
  onOpen,
  powerSchedule = null,
}: {
  layout: WeekLayout;
  timeZone: string;
  today: string;
  entriesById: ReadonlyMap<string, TScheduleEntryView>;
  colorOf: TColorOf;
  onOpen: TOpenEntry;
  /** The screen's on hours (issue 23 item 5): the rest of each day is shaded as off. */
  powerSchedule?: TPowerSchedule | null;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const nowMs = useMinuteClock();
  const isThisWeek = layout.days.some((day) => day.day === today);
  const now = wallClockAt(nowMs, timeZone);
  const nowHours = now.hour + now.minute / 60;
  const firstTop = Math.min(7, ...layout.days.flatMap((day) => day.blocks.map((b) => b.top)));
  // This week opens an hour before now; another week at its first entry or 07:00, whichever
  // is earlier (the night is rarely busy).
  const openingHour = isThisWeek ? Math.max(0, Math.floor(nowHours) - 1) : Math.floor(firstTop);
  const weekKey = layout.days[0]?.day;
  useEffect(() => {
    if (scrollRef.current) {
      scrollRef.current.scrollTop = Math.max(0, openingHour * HOUR_HEIGHT_PX - OPENING_MARGIN_PX);
    }
    // Only when another week (or space) shows: the minute clock must not pull the grid back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [weekKey, timeZone]);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Week grid"
      className="max-h-[70vh] overflow-auto rounded-lg border border-border bg-surface"
    >
      <div className="grid min-w-[48rem] grid-cols-[3.25rem_repeat(7,minmax(0,1fr))]">
        <div className="sticky top-0 z-20 border-b border-border bg-surface" />
        {layout.days.map((day) => (
          <div
            key={day.day}
            className={cn(
              'sticky top-0 z-20 border-b border-l border-border bg-surface px-2 py-2 text-center text-xs',
              day.day === today && 'bg-primary-soft text-primary-soft-foreground',
            )}
          >
            <p className="font-semibold">
              <abbr title={formatLongDay(day.day)} className="no-underline">
                {formatShortDay(day.day)}
              </abbr>
            </p>
            {day.day === today && <p className="font-medium">Today</p>}
            {day.clockChange && (
              <p className="mt-0.5 font-medium text-warning-soft-foreground">
                {clockChangeText(day.clockChange, day.hours)}
              </p>
            )}
          </div>
        ))}
        <div aria-hidden className="relative" style={{ height: 24 * HOUR_HEIGHT_PX }}>
          {HOURS.map((hour) => (
            <span
              key={hour}
              className="absolute right-2 -translate-y-1/2 text-[11px] text-muted-foreground tabular-nums first:translate-y-0"
              style={{ top: hour * HOUR_HEIGHT_PX }}
            >
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
        {layout.days.map((day) => (
          <div
            key={day.day}
            role="group"
            aria-label={formatLongDay(day.day)}
            className="relative border-l border-border"
            style={{
              height: 24 * HOUR_HEIGHT_PX,
              backgroundImage: `repeating-linear-gradient(to bottom, var(--color-border) 0 1px, transparent 1px ${HOUR_HEIGHT_PX}px)`,
            }}
          >
            {offSpansOfDay(powerSchedule, timeZone, day).map((span) => (
              <div
                key={span.startMs}
                data-power-off={span.label}
                title={`Screen off ${span.label} (power schedule)`}
                className="bg-hatched pointer-events-none absolute inset-x-0 bg-foreground/10"
                style={{
                  top: span.top * HOUR_HEIGHT_PX,
                  height: (span.bottom - span.top) * HOUR_HEIGHT_PX,
                }}
              >
                <span className="sr-only">Screen off {span.label}</span>
              </div>
            ))}
            {day.clockChange && (
              <div
                aria-hidden
                title={clockChangeText(day.clockChange, day.hours)}
                className="bg-hatched absolute inset-x-0 bg-warning-soft/60 text-warning-soft-foreground"
                style={{
                  top: day.clockChange.top * HOUR_HEIGHT_PX,
                  height: (day.clockChange.bottom - day.clockChange.top) * HOUR_HEIGHT_PX,
                }}
              />
            )}
            {day.day === today && (
              <div
                role="img"
                aria-label={`Now, ${localClockAt(nowMs, timeZone)}`}
                data-now-line=""
                className="pointer-events-none absolute inset-x-0 z-20 h-0.5 bg-danger"
                style={{ top: nowHours * HOUR_HEIGHT_PX }}
              >
                <span
                  aria-hidden
                  className="absolute -top-1 -left-1 size-2.5 rounded-full bg-danger"
                />
              </div>
            )}
            {day.blocks.map((block) => (
              <GridBlock
                key={block.key}
                block={block}
                day={day}
                timeZone={timeZone}
                entriesById={entriesById}
                colorOf={colorOf}
                onOpen={onOpen}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Phone: the week day by day, each entry a row with its times and whether it plays. */
export function WeekList({
  layout,
  timeZone,
  today,
  entriesById,
  fallbackText,
  colorOf,
  onOpen,
  powerSchedule = null,
}: {
  layout: WeekLayout;
  timeZone: string;
  today: string;
  entriesById: ReadonlyMap<string, TScheduleEntryView>;
  /** What plays where no entry does ("the default playlist, Menu" or "the idle screen"). */
  fallbackText: string;
  colorOf: TColorOf;
  onOpen: TOpenEntry;
  /** The screen's on hours: each day says when it is off. */
  powerSchedule?: TPowerSchedule | null;
}) {
  return (
    <ol className="grid gap-4">
      {layout.days.map((day) => (
        <li key={day.day} className="rounded-lg border border-border bg-surface">
          <h3
            className={cn(
              'flex flex-wrap items-baseline justify-between gap-x-2 border-b border-border px-3 py-2 text-sm font-semibold',
              day.day === today && 'bg-primary-soft text-primary-soft-foreground',
            )}
          >
            {formatLongDay(day.day)}
            {day.day === today && <span className="text-xs font-medium">Today</span>}
          </h3>
          {day.clockChange && (
            <p className="border-b border-border bg-warning-soft px-3 py-1.5 text-xs font-medium text-warning-soft-foreground">
              {clockChangeText(day.clockChange, day.hours)}
            </p>
          )}
          {offHoursText(offSpansOfDay(powerSchedule, timeZone, day)) && (
            <p className="border-b border-border bg-surface-muted px-3 py-1.5 text-xs font-medium">
              {offHoursText(offSpansOfDay(powerSchedule, timeZone, day))} (power schedule)
            </p>
          )}
          {day.blocks.length === 0 ? (
            <p className="px-3 py-3 text-sm text-muted-foreground">
              Nothing scheduled: {fallbackText}.
            </p>
          ) : (
            <ul>
              {day.blocks.map((block) => (
                <li key={block.key} className="border-t border-border first:border-t-0">
                  <button
                    type="button"
                    data-entry-id={block.entry.id}
                    aria-label={blockLabel(block, day, timeZone, entriesById)}
                    onClick={(event) => onOpen(block.entry, event.currentTarget)}
                    className="flex w-full cursor-pointer items-start gap-3 px-3 py-2.5 text-left hover:bg-surface-muted"
                  >
                    <span
                      aria-hidden
                      className={cn(
                        'mt-1 h-8 w-1.5 shrink-0 rounded-full border-l-4',
                        colorOf(block.entry.playlistId),
                        block.isFullyHidden && 'opacity-50',
                      )}
                    />
                    <span aria-hidden className="min-w-0 flex-1 text-sm">
                      <span
                        className={cn(
                          'block truncate font-medium',
                          block.isFullyHidden && 'text-muted-foreground line-through',
                        )}
                      >
                        {block.entry.playlistName}
                      </span>
                      <span className="block text-xs text-muted-foreground tabular-nums">
                        {block.isContinued && 'Continued · '}
                        {block.entry.groupName !== null && `Group: ${block.entry.groupName} · `}
                        {windowText(block, timeZone)} · priority {block.entry.priority} ·{' '}
                        {formatHours(block.endMs - block.startMs)}
                      </span>
                      {block.hidden.length > 0 && (
                        <span className="block text-xs font-medium text-warning-soft-foreground">
                          {block.isFullyHidden ? 'Hidden' : 'Partly hidden'} by{' '}
                          {hiddenByNames(block, entriesById)}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

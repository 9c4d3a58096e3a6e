// The marketplace simulation's world (marketplace-simulation.test.ts): the injected crash, seeded
// choices, local time and a campaign's schedule by Intl (independent of the server's resolver),
// and what a simulated screen and a sent play are.
import { sql } from 'drizzle-orm';
import { type TImpression, type TPlayerManifest } from '@screenline/shared/player';
import { type TDaypart } from '@screenline/shared/campaign';
import { type TPopScreen } from './proof-of-play-setup';

export const EUR = 1_000_000;
export const DAY_MS = 86_400_000;

/** Makes the next writes to `table` fail inside their transaction until `heal()`. */
export const FAULTS_SQL = [
  sql`create table if not exists sim_fault (target text primary key)`,
  sql`create or replace function sim_fault_check() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from sim_fault where target = TG_TABLE_NAME) then
        raise exception 'simulated crash while writing %', TG_TABLE_NAME;
      end if;
      return new;
    end $$`,
  sql`create trigger sim_fault_impression before insert on impression
    for each row execute function sim_fault_check()`,
  sql`create trigger sim_fault_ledger before insert on ledger_entry
    for each row execute function sim_fault_check()`,
];

export type TRandom = () => number;
export const pick = <T>(random: TRandom, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
export const between = (random: TRandom, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));
export function shuffle<T>(random: TRandom, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const iso = (ms: number) => new Date(ms).toISOString();

/** The local date, minutes of the day and ISO weekday of an instant in a zone (by Intl). */
export const localFormats = new Map<string, Intl.DateTimeFormat>();
export function localTime(ms: number, timeZone: string) {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1,
  };
}
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A one-hour daypart, every day, at `hour` local (never crossing midnight). */
export const hourDaypart = (hour: number): TDaypart => ({
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  startTime: `${String(hour).padStart(2, '0')}:00`,
  endTime: `${String(hour + 1).padStart(2, '0')}:00`,
});

/** Whether the instant is in the campaign's flight and dayparts in the zone. */
export function inSchedule(
  row: { startDate: string; endDate: string; dayparts: readonly TDaypart[] },
  timeZone: string,
  ms: number,
): boolean {
  const local = localTime(ms, timeZone);
  if (local.date < row.startDate || local.date > row.endDate) return false;
  if (row.dayparts.length === 0) return true;
  return row.dayparts.some((part) => {
    const start = minutesOf(part.startTime);
    const end = minutesOf(part.endTime);
    if (end <= start) throw new Error('the simulation makes no daypart that crosses midnight');
    return part.weekdays.includes(local.weekday) && start <= local.minutes && local.minutes < end;
  });
}

export interface TSimLocation {
  id: string;
  timeZone: string;
  city: string;
}

/** A screen of one seed: its TV, what it was last sent, its zone and slot. */
export interface TSimScreen extends TPopScreen {
  location: TSimLocation;
  floor: number;
  /** Before the TV was registered. */
  bornAt: number;
  manifest: TPlayerManifest | null;
  /** Campaigns excluded on it by a super-user this seed (one PUT per screen per seed). */
  excludedOnce: boolean;
  /** Honest completed plays already acknowledged (forged copies go at their instants). */
  acknowledged: TImpression[];
  /** The owner's share of everything billed on it so far (all seeds). */
  earned: number;
}

/** What a sent play was, for the checks. */
export interface TSentPlay {
  play: TImpression;
  screen: TSimScreen;
  honest: boolean;
}

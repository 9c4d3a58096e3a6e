import { formatMicros } from '@screenline/shared/money';
import type { TAlertEvent, TAlertKind } from '@screenline/shared/alerts';

/** Words of each alert (issue 23 item 4): the subject line and the sentence of an event. */

export interface TEventFacts {
  incidentId: string;
  state: 'open' | 'resolved';
  kind: TAlertKind;
  adSpace: { id: string; name: string; location: string; timeZone: string };
  failingSince: Date;
  resolvedAt: Date | null;
  detail: string | null;
  shouldBePlaying: string | null;
  revenueAtRiskMicrosPerHour: number | null;
}

/** "25 Nov 2026, 09:12" in the screen's own zone. */
function localTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** "1 h 5 min", "12 min", "less than a minute". */
export function durationWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const WHAT: Record<TAlertKind, { open: string; resolved: string }> = {
  offline: { open: 'is offline', resolved: 'is back online' },
  'download-stuck': { open: 'has a download stuck', resolved: 'finished its download' },
  'storage-low': { open: 'is running out of storage', resolved: 'has storage again' },
};

/** One event in a sentence or three, for the e-mail, the digest and the webhook's `message`. */
export function eventSentence(event: TEventFacts, nowMs: number): string {
  const { adSpace } = event;
  const where = `${adSpace.name} (${adSpace.location})`;
  const since = localTime(event.failingSince, adSpace.timeZone);
  if (event.state === 'resolved') {
    const lasted = durationWords(
      (event.resolvedAt ?? new Date(nowMs)).getTime() - event.failingSince.getTime(),
    );
    return `${where} ${WHAT[event.kind].resolved}: the problem lasted ${lasted} (since ${since}, ${adSpace.timeZone}).`;
  }
  const parts: string[] = [];
  if (event.kind === 'offline')
    parts.push(
      `${where} is offline: its TV has not reported since ${since} (${adSpace.timeZone}), ${durationWords(nowMs - event.failingSince.getTime())} ago.`,
    );
  else if (event.kind === 'download-stuck')
    parts.push(
      `${where} has a download stuck since ${since} (${adSpace.timeZone}): ${event.detail ?? 'no progress'}.`,
    );
  else
    parts.push(
      `${where} is running out of storage: its TV has used ${event.detail ?? 'most'} of what the browser allows.`,
    );
  parts.push(
    event.shouldBePlaying
      ? `It should be playing “${event.shouldBePlaying}” now.`
      : 'Nothing is scheduled on it now (the idle screen).',
  );
  if (event.revenueAtRiskMicrosPerHour !== null && event.kind !== 'storage-low')
    parts.push(
      `It is monetized: at its floor price the outage costs about ${formatMicros(event.revenueAtRiskMicrosPerHour)} of ad revenue an hour.`,
    );
  return parts.join(' ');
}

export function subjectOf(events: readonly TEventFacts[]): string {
  if (events.length !== 1) {
    const failing = events.filter((event) => event.state === 'open').length;
    return `Screenline: ${failing} screens need attention (${events.length} alerts)`;
  }
  const [event] = events as [TEventFacts];
  return `Screenline: ${event.adSpace.name} ${WHAT[event.kind][event.state]}`;
}

export function toAlertEvent(event: TEventFacts, nowMs: number): TAlertEvent {
  return {
    incidentId: event.incidentId,
    state: event.state,
    kind: event.kind,
    adSpace: event.adSpace,
    failingSince: event.failingSince.toISOString(),
    resolvedAt: event.resolvedAt ? event.resolvedAt.toISOString() : null,
    shouldBePlaying: event.shouldBePlaying,
    revenueAtRiskMicrosPerHour: event.revenueAtRiskMicrosPerHour,
    message: eventSentence(event, nowMs),
  };
}

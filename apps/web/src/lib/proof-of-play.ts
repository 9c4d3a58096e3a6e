import {
  HOLD_RELEASE_GRACE_MS,
  PLAY_CLOCK_SKEW_MS,
  PLAY_MAX_AGE_MS,
  PLAY_SLOT_TOLERANCE_MS,
  SETTLE_DELAY_MS,
  SETTLE_INTERVAL_MS,
  type TSettling,
} from '@screenline/shared/proof-of-play';

/*
 * The words and the refresh rule the pages share about proof of play (issue 17): how long the
 * figures take to settle and how long a hold waits for late plays, said from the shared
 * constants so a changed figure changes every sentence.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** A duration in words: "72 hours and 5 minutes", "10 seconds", "0.5 seconds", "5 minutes". */
export function formatDurationWords(ms: number): string {
  if (ms < MINUTE_MS) return plural(ms / 1000, 'second', 'seconds');
  const hours = Math.floor(ms / HOUR_MS);
  const minutes = Math.round((ms % HOUR_MS) / MINUTE_MS);
  const parts = [
    ...(hours > 0 ? [plural(hours, 'hour', 'hours')] : []),
    ...(minutes > 0 ? [plural(minutes, 'minute', 'minutes')] : []),
  ];
  return parts.join(' and ');
}

/** "0.5 seconds": how far past its ad slot's length a play is still billed. */
export const SLOT_TOLERANCE_WORDS = formatDurationWords(PLAY_SLOT_TOLERANCE_MS);
/** "10 seconds": how soon a stored play is billed or refused. */
export const SETTLE_DELAY_WORDS = formatDurationWords(SETTLE_DELAY_MS);
/** "72 hours": how old a play may be when it arrives and still be billed. */
export const PLAY_MAX_AGE_WORDS = formatDurationWords(PLAY_MAX_AGE_MS);
/** "5 minutes": how far ahead of the server a TV's clock may run. */
export const CLOCK_SKEW_WORDS = formatDurationWords(PLAY_CLOCK_SKEW_MS);
/** "72 hours and 5 minutes": how long an ended campaign's hold waits for late plays. */
export const HOLD_GRACE_WORDS = formatDurationWords(HOLD_RELEASE_GRACE_MS);

/** "3 plays are being settled; figures are final within 10 seconds." */
export function settlingSentence(settling: TSettling): string {
  const verb = settling.plays === 1 ? 'is' : 'are';
  return `${plural(settling.plays, 'play', 'plays')} ${verb} being settled; figures are final within ${SETTLE_DELAY_WORDS}.`;
}

/**
 * A query's `refetchInterval` that asks again while some of its plays are still settling and
 * stops once none are: the figures on screen become final without a reload.
 */
export function refetchWhileSettling<TData>(settlingOf: (data: TData) => TSettling) {
  return (query: { state: { data: TData | undefined } }): number | false => {
    const { data } = query.state;
    return data !== undefined && settlingOf(data).plays > 0 ? SETTLE_INTERVAL_MS : false;
  };
}

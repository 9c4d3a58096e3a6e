import crypto from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import {
  PLAY_CLOCK_SKEW_MS,
  PLAY_SLOT_TOLERANCE_MS,
  type TPlayVerdict,
} from '@screenline/shared/proof-of-play';
import { MANIFEST_TIMELINE_DAYS } from '@screenline/shared/player';
import { literal, type TPreparedStatement } from '../../db/scripts';
import { deviceServedFill, impression, servedFill } from '../../db/schema/index';
import { takeoverSpansSql } from '../fleet/takeover-spans';

const DAY_MS = 86_400_000;
/** The longest span one play can bill: the longest ad slot (ZAdSlotLengthSeconds) plus the tolerance. */
export const LONGEST_BILLABLE_MS = 3_600_000 + PLAY_SLOT_TOLERANCE_MS;

/** The columns ingest writes; the others keep their defaults (received_at: the database's now). */
export const WRITTEN = [
  'id',
  'deviceId',
  'ownerId',
  'adSpaceId',
  'sequence',
  'startedAt',
  'shownMs',
  'endReason',
  'playlistId',
  'playlistVersion',
  'itemId',
  'contentId',
  'campaignId',
  'creativeId',
  'verdict',
  'billableFrom',
  'billableMs',
  'localDay',
  'settledAt',
] as const satisfies ReadonlyArray<keyof typeof impression.$inferInsert>;
export type TWritten = Required<Pick<typeof impression.$inferInsert, (typeof WRITTEN)[number]>>;

/**
 * What the statement needs to judge an ad play that passed refusedOnArrival(); null for the TV's
 * own content and for plays refused already (their row carries the verdict).
 */
export interface TToJudge {
  startedAtMs: number;
  /** `playlistId/itemId` (slotKey). */
  slotKey: string;
  /** The campaign id as the TV sent it: looked up in the fills as it is. */
  campaignKey: string;
  /** The screen's power schedule had it off when the play started. */
  isOff: boolean;
}

/** A row of the batch: what is written, and what the statement judges it by. */
export interface TArrivingRow {
  row: TWritten;
  judge: TToJudge | null;
}

const table = (t: Parameters<typeof getTableName>[0]) => `"${getTableName(t)}"`;
const column = (key: (typeof WRITTEN)[number]) => `"${impression[key].name}"`;
/** An epoch-milliseconds expression of a timestamp column (precision 3: exact). */
const msOf = (expression: string) => `(extract(epoch from ${expression}) * 1000)::int8`;

/** The prepared statement's parameters, in order (see arrivalInsertCall). */
const PARAMETERS = [
  'json', // $1 the rows
  'uuid', // $2 the device
  'uuid', // $3 its ad space
  'timestamptz', // $4 manifests sent up to…
  'timestamptz', // $5 …and from
  'timestamptz', // $6 the device's billable plays and the takeovers around the batch: from…
  'timestamptz', // $7 …to
  'timestamptz', // $8 now: when arrival's refusals are settled
] as const;

const types = WRITTEN.map((key) => `"${impression[key].name}" ${impression[key].getSQLType()}`);
const verdict = (value: TPlayVerdict) => literal(value);
const written = (key: (typeof WRITTEN)[number]): string => {
  switch (key) {
    case 'verdict':
      return `case when p.judge then coalesce(j.refused, case when w.free is null then ${verdict('overlap')} else ${verdict('pending')} end) else p.verdict end`;
    case 'billableFrom':
      return `case when w.free is null then p.billable_from else timestamptz 'epoch' + lower(w.free) * interval '1 millisecond' end`;
    case 'billableMs':
      return `coalesce((upper(w.free) - lower(w.free))::int, p.billable_ms)`;
    case 'settledAt':
      return `case when p.judge and w.free is null then $8 else p.settled_at end`;
    // The rest are written as the row carries them.
    case 'id':
    case 'deviceId':
    case 'ownerId':
    case 'adSpaceId':
    case 'sequence':
    case 'startedAt':
    case 'shownMs':
    case 'endReason':
    case 'playlistId':
    case 'playlistVersion':
    case 'itemId':
    case 'contentId':
    case 'campaignId':
    case 'creativeId':
    case 'localDay':
      return `p.${column(key)}`;
  }
};

const ARRIVAL_INSERT = `insert into ${table(impression)} (${WRITTEN.map(column).join(', ')})
with recursive p as (
  select * from json_to_recordset($1) as p(${types.join(', ')},
    judge boolean, start_ms int8, slot_key text, campaign_key text, is_off boolean, ord int)
), sent as materialized (
  select ${msOf('d.served_at')} as served_ms, f.fill -> 'slots' as slots, f.fill -> 'campaigns' as campaigns
  from ${table(deviceServedFill)} d
  join ${table(servedFill)} f on f.ad_space_id = d.ad_space_id and f.version = d.version
  where d.device_id = $2 and d.served_at <= $4 and d.served_at >= $5
), takeovers as (
  ${takeoverSpansSql({ adSpaceId: '$3', from: '$6', to: '$7' })}
), taken as (
  select int8range(${msOf('billable_from')}, ${msOf('billable_from')} + billable_ms) as span
  from ${table(impression)}
  where device_id = $2 and billable_ms > 0 and billable_from >= $6 and billable_from < $7
  union all
  select span from takeovers
), offered as materialized (
  select p.id, p.start_ms, p.sequence, p.ord, p.is_off, p.shown_ms,
    (select (s.slots ->> p.slot_key)::float8 from sent s
      where s.served_ms <= p.start_ms + ${PLAY_CLOCK_SKEW_MS}
        and s.slots ? p.slot_key
        and exists (select 1 from jsonb_array_elements(s.campaigns -> p.campaign_key) win
          where (win ->> 0)::float8 <= p.start_ms and p.start_ms < (win ->> 1)::float8)
      order by s.served_ms desc limit 1) as slot_ms
  from p where p.judge
), j as (
  select o.id, o.start_ms, o.sequence, o.ord,
    case when o.slot_ms is null then ${verdict('not-offered')}
      when exists (select 1 from takeovers t where lower(t.span) <= o.start_ms and o.start_ms < upper(t.span)) then ${verdict('takeover')}
      when o.is_off then ${verdict('powered-off')}
      when least(o.shown_ms, o.slot_ms + ${PLAY_SLOT_TOLERANCE_MS}) <= 0 then ${verdict('too-short')}
    end as refused,
    int8range(o.start_ms, o.start_ms + greatest(least(o.shown_ms, o.slot_ms + ${PLAY_SLOT_TOLERANCE_MS}), 0)::int8) as span
  from offered o
), queue as (
  select j.id, j.span, row_number() over (order by j.start_ms, j.sequence, j.ord) as n
  from j where j.refused is null
), walk (n, taken, id, free) as (
  select 0::int8, (select coalesce(range_agg(span), '{}'::int8multirange) from taken), null::uuid, null::int8range
  union all
  select q.n, w.taken + coalesce(int8multirange(f.span), '{}'::int8multirange), q.id, f.span
  from walk w
  join queue q on q.n = w.n + 1
  left join lateral (select span from unnest(int8multirange(q.span) - w.taken) as free(span)
    order by upper(span) - lower(span) desc, lower(span) limit 1) f on true
)
select ${WRITTEN.map(written).join(', ')}
from p
left join j on j.id = p.id
left join walk w on w.id = p.id
order by p.ord
on conflict (${column('id')}) do nothing
returning ${column('id')}::text as id`;

/**
 * The batch's insert with the arrival rules after refusedOnArrival() judged in the database, in
 * the statement itself, so that storing a batch with ad plays is one round trip (the device's
 * lock and this statement, sent as one script; each statement of a script takes its own snapshot,
 * so this one sees the batch that held the lock before). It is a prepared statement (once per
 * connection, db/scripts.ts), so its plan is not made again for every batch. The rules are
 * judgeArrivals()'s (arrival-rules.ts), which stays their reference; a test holds the two to the
 * same verdicts:
 *
 * - it was offered: among the manifests with a fill sent to the device before the play started
 *   (allowing for the skew), sent at most a timeline's length before the batch, the newest that
 *   has the play's slot and offered its campaign at that instant gives the slot's length;
 * - it did not start during one of the space's emergency takeovers; the screen was on;
 * - the billable stretch is the longest part of `[start, start + min(shown, slot + tolerance))`
 *   that neither the device's billable plays around the batch, nor the takeovers, nor the batch's
 *   earlier pending plays (in order of start, then sequence, then place in the batch) cover: a
 *   recursive walk over the plays with the taken time as a multirange.
 *
 * Rows the statement does not judge keep the verdict they carry. Idempotent by play id (`on
 * conflict do nothing`); answers the ids it inserted.
 */
export const ARRIVAL_INSERT_PREPARED: TPreparedStatement = {
  // The text's hash in the name: an instance never executes another version's statement.
  name: `screenline_arrival_${crypto.createHash('sha256').update(ARRIVAL_INSERT).digest('hex').slice(0, 12)}`,
  parameters: PARAMETERS,
  text: ARRIVAL_INSERT,
};

/** The written columns' keys and names, read once. */
const NAMES = WRITTEN.map((key) => [key, impression[key].name] as const);

/** A row as json_to_recordset reads it: the columns by their names, then what it is judged by. */
function jsonRow({ row, judge }: TArrivingRow, ord: number) {
  const out: Record<string, unknown> = {};
  for (const [key, name] of NAMES) out[name] = row[key];
  out.judge = judge !== null;
  out.start_ms = judge?.startedAtMs ?? null;
  out.slot_key = judge?.slotKey ?? null;
  out.campaign_key = judge?.campaignKey ?? null;
  out.is_off = judge?.isOff ?? false;
  out.ord = ord;
  return out;
}

/** The EXECUTE of ARRIVAL_INSERT_PREPARED for a batch, for a script. */
export function arrivalInsertCall(input: {
  deviceId: string;
  adSpaceId: string;
  nowMs: number;
  rows: readonly TArrivingRow[];
}): string {
  const { deviceId, adSpaceId, nowMs, rows } = input;
  const starts = rows.flatMap(({ judge }) => (judge ? [judge.startedAtMs] : []));
  const fromMs = Math.min(...starts);
  const toMs = Math.max(...starts);
  const json = JSON.stringify(rows.map(jsonRow));
  const values = [
    json,
    deviceId,
    adSpaceId,
    new Date(toMs + PLAY_CLOCK_SKEW_MS),
    new Date(fromMs - (MANIFEST_TIMELINE_DAYS + 1) * DAY_MS),
    new Date(fromMs - LONGEST_BILLABLE_MS),
    new Date(toMs + LONGEST_BILLABLE_MS),
    new Date(nowMs),
  ];
  return `execute ${ARRIVAL_INSERT_PREPARED.name}(${values.map(literal).join(', ')})`;
}

import { sql } from 'drizzle-orm';
import {
  DEVICE_FAULT_REASONS,
  FLAG_MIN_PLAYS,
  FLAG_SHARE_BASIS_POINTS,
  FLAG_WINDOW_DAYS,
  ZUnbilledReason,
  type TProofOfPlayOverview,
} from '@screenline/shared/proof-of-play';
import type { TDb } from '../../db/database';
import { rowsOf } from '../../db/rows';
import type { TPiece, TPieceColumn } from '../../lib/query-pieces';
import { impression } from '../../db/schema/index';
import { peopleAs } from '../me/people';
import { spacesAs } from '../screens/places';
import { adPlaySummary, sortCounts } from './play-summary';

const DAY_MS = 86_400_000;

/**
 * The TVs as the overview joins them (under the alias `devices`): the player module's piece,
 * player/device-rows.ts, handed in as `app.deps.deviceRows` because player imports this module
 * (no module cycles), so this module names neither a player file nor the device table.
 */
export type TOverviewDevices = TPiece<
  'devices',
  {
    id: TPieceColumn<string, true>;
    ownerId: TPieceColumn<string, true>;
    adSpaceId: TPieceColumn<string, false>;
    name: TPieceColumn<string, false>;
  }
>;

/**
 * The super-users' overview (issue 17 item 2): the platform's ad plays of the last
 * FLAG_WINDOW_DAYS days by verdict, and the devices whose plays were refused for device faults in
 * a high share, with their figures.
 */
export async function proofOfPlayOverview(
  db: TDb,
  devices: TOverviewDevices,
  now: Date,
): Promise<TProofOfPlayOverview> {
  const since = new Date(now.getTime() - FLAG_WINDOW_DAYS * DAY_MS);
  const inWindow = sql`${impression.receivedAt} >= ${since.toISOString()}::timestamptz`;
  const totals = await adPlaySummary(db, inWindow);
  const faults = sql.join(
    DEVICE_FAULT_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  );
  const rows = rowsOf<{
    device_id: string;
    device_name: string | null;
    ad_space_id: string | null;
    ad_space_name: string | null;
    owner_id: string;
    owner_name: string;
    owner_email: string;
    ad_plays: string;
    refused: string;
    by_reason: Record<string, number> | null;
    last_play_at: string | null;
  }>(
    await db.execute(sql`
      with per_device as (
        select i.device_id, count(*) as ad_plays,
          count(*) filter (where i.verdict in (${faults})) as refused,
          max(i.started_at) as last_play_at
        from impression i
        where i.campaign_id is not null and i.verdict is not null and i.received_at >= ${since.toISOString()}::timestamptz
        group by i.device_id
      ), flagged as (
        select * from per_device
        where ad_plays >= ${FLAG_MIN_PLAYS} and refused * 10000 >= ad_plays * ${FLAG_SHARE_BASIS_POINTS}
        order by refused * 10000 / ad_plays desc, refused desc
        limit 100
      )
      select f.device_id, devices.name as device_name, devices.ad_space_id, s.name as ad_space_name,
        u.id as owner_id, u.name as owner_name, u.email as owner_email,
        f.ad_plays::text, f.refused::text, to_char(f.last_play_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_play_at,
        (select jsonb_object_agg(r.verdict, r.plays) from (
          select i.verdict, count(*) as plays from impression i
          where i.device_id = f.device_id and i.campaign_id is not null
            and i.received_at >= ${since.toISOString()}::timestamptz
            and i.verdict not in ('pending', 'billed')
          group by i.verdict) r) as by_reason
      from flagged f
      join ${devices} on devices.id = f.device_id
      join ${peopleAs('u')} on u.id = devices.owner_id
      left join ${spacesAs('s')} on s.id = devices.ad_space_id
      order by f.refused * 10000 / f.ad_plays desc, f.refused desc`),
  );
  return {
    windowDays: FLAG_WINDOW_DAYS,
    since: since.toISOString(),
    totals,
    flaggedDevices: rows.map((row) => {
      const adPlays = Number(row.ad_plays);
      const refused = Number(row.refused);
      return {
        deviceId: row.device_id,
        deviceName: row.device_name,
        adSpaceId: row.ad_space_id,
        adSpaceName: row.ad_space_name,
        owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
        adPlays,
        refused,
        refusedShareBasisPoints: Math.floor((refused * 10_000) / adPlays),
        byReason: sortCounts(
          Object.entries(row.by_reason ?? {}).flatMap(([reason, plays]) => {
            const parsed = ZUnbilledReason.safeParse(reason);
            return parsed.success ? [{ reason: parsed.data, plays: Number(plays) }] : [];
          }),
        ),
        lastPlayAt: row.last_play_at,
      };
    }),
  };
}

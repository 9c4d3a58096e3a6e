// bench/ingest-server's world, written straight into the tables (no API, for speed): owners with a
// hundred monetized ad spaces each in five time zones, their TVs with fresh device tokens, a menu
// and two ad slots per space, live funded campaigns (five capped); and the record of which
// manifest each TV was sent, as the manifest route keeps it, in bulk.
import crypto from 'node:crypto';
import type { TDb } from '../apps/server/src/db/database';
import {
  adSpace,
  campaign,
  campaignEvent,
  contentItem,
  device,
  deviceServedFill,
  location,
  monetizationRequest,
  playlist,
  servedFill,
  storageObject,
  user,
} from '../apps/server/src/db/schema/index';
import {
  campaignHoldAccountId,
  EXTERNAL_ACCOUNT_ID,
  transfer,
  walletAccountId,
} from '../apps/server/src/modules/ledger/ledger';
import {
  DEVICE_TOKEN_TTL_MS,
  newDeviceToken,
} from '../apps/server/src/modules/player/device-tokens';
import { servedFillOf } from '../apps/server/src/modules/proof-of-play/served-fills';
import type { TRequest, TSeeded, TSentManifest } from './ingest-plays';

/** Live campaigns unless the seed asks for another count. */
const CAMPAIGNS = 20;
/** Campaigns 0–4 have a daily cap, reached during a run (plays past it: 'cap-reached'). */
const CAPPED = 5;
const CAP_MICROS = 100_000_000;
/** Far more than a run spends: no hold runs out. */
export const BUDGET_MICROS = 1_000_000_000_000;
const SPACES_PER_OWNER = 100;
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/London', 'UTC'];
/** The stored file a content item names (its bytes are never fetched in the run). */
const objectOf = (bucket: string, ownerId: string, name: string) => ({
  bucket,
  name,
  ownerId,
  blobKey: name,
  generation: 1,
  size: 1000,
  md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
  contentType: 'image/png',
  downloadTokens: crypto.randomUUID(),
});

export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

export async function seed(
  db: TDb,
  bucket: string,
  request: Extract<TRequest, { type: 'seed' }>,
): Promise<TSeeded> {
  const run = Date.now().toString(36);
  const campaigns = request.campaigns ?? CAMPAIGNS;
  const spaces = Math.ceil(request.tvs / request.tvsPerSpace);
  const owners = Math.ceil(spaces / SPACES_PER_OWNER);
  const buyerId = `bench-buyer-${run}`;
  await db.insert(user).values({ id: buyerId, name: 'Buyer', email: `${buyerId}@example.com` });
  await db
    .insert(storageObject)
    .values(
      Array.from({ length: Math.max(1, campaigns) }, (_, c) =>
        objectOf(bucket, buyerId, `users/${buyerId}/content/creative-${c}.png`),
      ),
    );
  const creatives = await db
    .insert(contentItem)
    .values(
      Array.from({ length: Math.max(1, campaigns) }, (_, c) => ({
        ownerId: buyerId,
        name: `Creative ${c}`,
        objectPath: `users/${buyerId}/content/creative-${c}.png`,
        kind: 'image' as const,
        contentType: 'image/png',
        sizeBytes: 1000,
        md5: '00000000000000000000000000000000',
        width: 1920,
        height: 1080,
      })),
    )
    .returning({ id: contentItem.id });

  const seeded: TSeeded['tvs'] = [];
  for (let o = 0; o < owners; o += 1) {
    const ownerId = `bench-owner-${run}-${o}`;
    await db.insert(user).values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com` });
    const [place] = await db
      .insert(location)
      .values({
        ownerId,
        name: `Venue ${o}`,
        addressLine: '1 Bench Street',
        city: 'Berlin',
        country: 'DE',
        timeZone: ZONES[o % ZONES.length]!,
        venueType: 'food-and-drink',
      })
      .returning({ id: location.id });
    await db
      .insert(storageObject)
      .values(objectOf(bucket, ownerId, `users/${ownerId}/content/menu.png`));
    const [loop] = await db
      .insert(contentItem)
      .values({
        ownerId,
        name: 'Menu',
        objectPath: `users/${ownerId}/content/menu.png`,
        kind: 'image',
        contentType: 'image/png',
        sizeBytes: 1000,
        md5: '00000000000000000000000000000000',
        width: 1920,
        height: 1080,
      })
      .returning({ id: contentItem.id });
    const [list] = await db
      .insert(playlist)
      .values({
        ownerId,
        name: 'Ads and menu',
        items: [
          {
            id: 'menu',
            type: 'content',
            kind: 'image',
            contentId: loop!.id,
            durationSeconds: request.slotSeconds,
          },
          { id: 'slot-1', type: 'adSlot', lengthSeconds: request.slotSeconds },
          { id: 'slot-2', type: 'adSlot', lengthSeconds: request.slotSeconds },
        ],
      })
      .returning({ id: playlist.id });
    const count = Math.min(SPACES_PER_OWNER, spaces - o * SPACES_PER_OWNER);
    const made = await db
      .insert(adSpace)
      .values(
        Array.from({ length: count }, (_, s) => ({
          ownerId,
          locationId: place!.id,
          name: `Screen ${s}`,
          orientation: 'landscape' as const,
          resolutionWidth: 1920,
          resolutionHeight: 1080,
          defaultPlaylistId: list!.id,
        })),
      )
      .returning({ id: adSpace.id });
    await db.insert(monetizationRequest).values(
      made.map((space) => ({
        adSpaceId: space.id,
        ownerId,
        floorMicrosPerSecond: 1000,
        state: 'approved' as const,
        approvedAt: LONG_AGO,
        approvedCity: 'Berlin',
        approvedVenueType: 'food-and-drink' as const,
        approvedOrientation: 'landscape' as const,
      })),
    );
    const wanted = made.flatMap((space) =>
      Array.from({ length: request.tvsPerSpace }, () => ({ space: space.id, ...newDeviceToken() })),
    );
    for (const part of chunks(wanted.slice(0, request.tvs - seeded.length), 1000)) {
      const rows = await db
        .insert(device)
        .values(
          part.map((tv) => ({
            ownerId,
            adSpaceId: tv.space,
            deviceKey: tv.hash.slice(0, 32),
            userAgent: 'bench/ingest',
            appVersion: '0.1.0',
            tokenHash: tv.hash,
            // Device tokens expire (issue 18): fresh, so no heartbeat of the run renews one.
            tokenExpiresAt: new Date(Date.now() + DEVICE_TOKEN_TTL_MS),
            signInMethod: 'password' as const,
          })),
        )
        .returning({ id: device.id, adSpaceId: device.adSpaceId, tokenHash: device.tokenHash });
      const tokenOf = new Map(part.map((tv) => [tv.hash, tv.token]));
      for (const row of rows)
        seeded.push({
          deviceId: row.id,
          ownerId,
          adSpaceId: row.adSpaceId!,
          token: tokenOf.get(row.tokenHash!)!,
        });
    }
  }

  for (let c = 0; c < campaigns; c += 1) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaign)
        .values({
          ownerId: buyerId,
          name: `Campaign ${c}`,
          creativeIds: [creatives[c]!.id],
          targeting: {},
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          dayparts: [],
          bidMicrosPerSecond: 10_000 + c * 1000,
          budgetMicros: BUDGET_MICROS,
          dailyCapMicros: c < CAPPED ? CAP_MICROS : null,
          state: 'approved',
        })
        .returning({ id: campaign.id });
      await tx
        .insert(campaignEvent)
        .values({ campaignId: row!.id, fromState: 'pending', toState: 'approved', at: LONG_AGO });
      const wallet = await walletAccountId(tx, buyerId);
      await transfer(tx, {
        kind: 'top-up',
        description: 'Top-up approved: bench',
        entries: [
          { accountId: EXTERNAL_ACCOUNT_ID, amountMicros: -BUDGET_MICROS },
          { accountId: wallet, amountMicros: BUDGET_MICROS },
        ],
      });
      await transfer(tx, {
        kind: 'campaign-hold',
        description: 'Campaign budget held',
        campaignId: row!.id,
        entries: [
          { accountId: wallet, amountMicros: -BUDGET_MICROS },
          { accountId: await campaignHoldAccountId(tx, row!.id), amountMicros: BUDGET_MICROS },
        ],
      });
    });
  }
  return { tvs: seeded, campaigns, capped: Math.min(CAPPED, campaigns), spaces };
}

/**
 * Records the owners' other TVs as sent the manifest one of them fetched (as the manifest route
 * records it: the fill once per space and version, a row per device), written in bulk for speed.
 */
export async function served(db: TDb, sent: readonly TSentManifest[]): Promise<number> {
  let rows = 0;
  for (const manifest of sent) {
    const fill = servedFillOf(manifest.adFill, manifest.playlists);
    // Nothing to bill (no campaign offered, bench/fleet with billing off): nothing recorded.
    if (!fill) continue;
    const spaces = [...new Set(manifest.devices.map((one) => one.adSpaceId))];
    for (const part of chunks(spaces, 1000))
      await db
        .insert(servedFill)
        .values(part.map((adSpaceId) => ({ adSpaceId, version: manifest.version, fill })))
        .onConflictDoNothing();
    for (const part of chunks(manifest.devices, 1000)) {
      const inserted = await db
        .insert(deviceServedFill)
        .values(part.map((one) => ({ ...one, version: manifest.version })))
        .onConflictDoNothing()
        .returning({ deviceId: deviceServedFill.deviceId });
      rows += inserted.length;
    }
  }
  return rows;
}

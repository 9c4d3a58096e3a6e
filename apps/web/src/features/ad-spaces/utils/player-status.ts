import { formatBytes } from '@screenline/shared/format';
import type { TAdSpace, TAdSpacePlayer } from '@screenline/shared/ad-space';
import type { TPlaysReport } from '@screenline/shared/player';
import type { TPlayedAd } from '@screenline/shared/proof-of-play';

/*
 * What the ad spaces page says about the TV playing a space (its last heartbeat) and about the
 * proof-of-play report, in words.
 */

/** "Content ready 12/12 files", or "Downloading 3/12 files · 45 MB of 120 MB". */
export function cacheSummary(cache: TAdSpacePlayer['cache']): string {
  const files = `${cache.filesReady}/${cache.filesNeeded} files`;
  if (cache.filesReady >= cache.filesNeeded) return `Content ready ${files}`;
  return `Downloading ${files} · ${formatBytes(cache.bytesReady)} of ${formatBytes(cache.bytesNeeded)}`;
}

/** Whether every file of the newest schedule is on the TV. */
export const isCacheReady = (cache: TAdSpacePlayer['cache']) =>
  cache.filesReady >= cache.filesNeeded;

/** The share of the newest schedule's bytes on the TV, 0–100 (100 when it needs none). */
export function cachePercent(cache: TAdSpacePlayer['cache']): number {
  if (cache.bytesNeeded <= 0) return isCacheReady(cache) ? 100 : 0;
  return (cache.bytesReady / cache.bytesNeeded) * 100;
}

/** A buyer's ad in words: "Winter sale – ad by Acme Outdoor" (issue 21 item 2). */
export const adName = (ad: TPlayedAd) => `${ad.campaignName} – ad by ${ad.advertiserName}`;

/**
 * What the TV said is on screen, while it is online (an offline TV's last word is stale): the
 * library item's name, a buyer's ad by campaign and buyer, "Ad slot" without one, "Deleted item"
 * when the item is gone.
 */
export function nowPlayingName(adSpace: TAdSpace): string | null {
  const nowPlaying = adSpace.player?.nowPlaying;
  if (adSpace.status !== 'online' || !nowPlaying) return null;
  if (nowPlaying.contentName) return nowPlaying.contentName;
  if (nowPlaying.ad) return adName(nowPlaying.ad);
  return nowPlaying.contentId === null ? 'Ad slot' : 'Deleted item';
}

/** "1.2 GB of 8 GB", or "1.2 GB" when the browser keeps its quota to itself. */
export function storageSummary(storage: TAdSpacePlayer['storage']): string {
  const used = formatBytes(storage.usedBytes);
  return storage.quotaBytes === null ? used : `${used} of ${formatBytes(storage.quotaBytes)}`;
}

/**
 * Time on screen in words: "12 s", "4 min 30 s", "3 h 12 min" (seconds dropped from an hour
 * on), "0 s".
 */
export function formatShownTime(ms: number): string {
  const totalSeconds = Math.round(Math.max(0, ms) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}

type TReportItem = TPlaysReport['byItem'][number];

/**
 * A report row's name: the item's, a buyer's ad by campaign and buyer, "Ad slot" for a slot,
 * "Deleted item" once it is gone.
 */
export function reportItemName(item: TReportItem): string {
  if (item.name) return item.name;
  if (item.ad) return adName(item.ad);
  return item.contentId === null ? 'Ad slot' : 'Deleted item';
}

/** Whether the row names something the owner can recognise (an item of theirs or an ad). */
export const isNamedReportItem = (item: TReportItem) => item.name !== null || item.ad !== null;

export function reportItemKind(item: TReportItem): string {
  if (item.contentId === null) return 'Ad slot';
  if (!item.ad) return kindName(item.kind);
  return item.kind ? `Ad, ${kindName(item.kind).toLowerCase()}` : 'Ad';
}

function kindName(kind: TReportItem['kind']): string {
  switch (kind) {
    case 'image':
      return 'Image';
    case 'video':
      return 'Video';
    case null:
      return '—';
  }
}

type TGap = TPlaysReport['gaps'][number];

/** A TV by its name, else by the start of its id. */
export const deviceLabel = (gap: Pick<TGap, 'deviceId' | 'deviceName'>) =>
  gap.deviceName ?? `TV ${gap.deviceId.slice(0, 8)}`;

/** "Lobby TV: 3 records missing between #120 and #124". */
export function gapSentence(gap: TGap): string {
  const records = gap.missing === 1 ? '1 record' : `${gap.missing.toLocaleString('en-GB')} records`;
  return `${deviceLabel(gap)}: ${records} missing between #${gap.afterSequence} and #${gap.beforeSequence}`;
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Eye, EyeOff, X } from 'lucide-react';
import { createAdRotation, type TAdPick } from '@screenline/playback/ad-rotation';
import { createDomStage } from '@screenline/playback/dom-stage';
import type { PlaybackClock } from '@screenline/playback/playback-clock';
import { createPlaybackEngine, type PlaybackPlaylist } from '@screenline/playback/playback-engine';
import type { TAdPlaylist } from '@screenline/shared/ad-playlist';
import type { TManifestAdFill } from '@screenline/shared/player';
import { cn } from '@/lib/utils';

/** Ad slots in the sample sequence. */
export const SAMPLE_SLOTS = 12;
/** A slot's length when the space's playlists hold no ad slot yet (a new slot's default). */
export const FALLBACK_SLOT_SECONDS = 15;

/**
 * The slots' lengths (s) the sample plays in turn: those of the space's playlists, from the
 * server; the fallback when they hold none (its TVs then show no ads at all).
 */
export function sampleSlotSeconds(playlist: TAdPlaylist): number[] {
  return playlist.adSlotSeconds.length > 0 ? playlist.adSlotSeconds : [FALLBACK_SLOT_SECONDS];
}

/** "Sample sequence, 20 s slots", or "…, 10 s and 20 s slots"; says when there is none. */
export function sampleCaption(playlist: TAdPlaylist): string {
  if (playlist.adSlotSeconds.length === 0)
    return `Sample sequence in ${FALLBACK_SLOT_SECONDS} s slots: this space’s playlists have no ad slot yet`;
  const lengths = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(
    playlist.adSlotSeconds.map((seconds) => `${seconds} s`),
  );
  return `Sample sequence, ${lengths} slots`;
}

/** One slot of the sample: what fills it and what to call it. */
export interface TSampleSlot {
  pick: TAdPick;
  campaignName: string | null;
  creativeName: string;
}

/**
 * The sample sequence the preview plays: the rotation as the TV's manifest would carry it
 * (campaigns playing now with their weights, creatives with a file, the house ads), picked by
 * the TV's own rule (packages/playback/ad-rotation.ts). The QR code encodes the campaign's
 * destination URL; on a TV it encodes the scan-counting `/q/{code}` link that redirects there.
 */
export function sampleSequence(playlist: TAdPlaylist, nowMs: number): TSampleSlot[] {
  const urlOf = new Map<string, string>();
  const nameOf = new Map<string, string>();
  const campaignNameOf = new Map<string, string>();
  const adFill: TManifestAdFill = { campaigns: [], houseAds: [] };
  for (const entry of playlist.rotation) {
    if (entry.weight === 0 || playlist.excludedCampaignIds.includes(entry.campaignId)) continue;
    const creatives = entry.creatives.filter((creative) => creative.url !== null);
    if (creatives.length === 0) continue;
    campaignNameOf.set(entry.campaignId, entry.name);
    adFill.campaigns.push({
      campaignId: entry.campaignId,
      weight: entry.weight,
      qrUrl: entry.destinationUrl,
      // A weight above zero says it plays now: open at the sample's instant.
      windows: [{ startMs: nowMs, endMs: nowMs + 1 }],
      creatives: creatives.map((creative) => ({
        creativeId: creative.id,
        contentId: creative.id,
        kind: creative.kind,
      })),
    });
  }
  for (const houseAd of playlist.houseAds) {
    if (houseAd.url === null) continue;
    adFill.houseAds.push({ creativeId: houseAd.id, contentId: houseAd.id, kind: houseAd.kind });
  }
  for (const creative of [
    ...playlist.rotation.flatMap((entry) => entry.creatives),
    ...playlist.houseAds,
  ]) {
    if (creative.url !== null) urlOf.set(creative.id, creative.url);
    nameOf.set(creative.id, creative.name);
  }
  const rotation = createAdRotation();
  const slots: TSampleSlot[] = [];
  for (let index = 0; index < SAMPLE_SLOTS; index += 1) {
    const pick = rotation.pick(adFill, nowMs, (contentId) => urlOf.get(contentId) ?? null);
    if (!pick) break;
    slots.push({
      pick,
      campaignName: pick.campaignId === null ? null : (campaignNameOf.get(pick.campaignId) ?? null),
      creativeName: nameOf.get(pick.contentId) ?? 'Creative',
    });
  }
  return slots;
}

const overlayButton =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-black/60 px-3 text-sm font-medium text-white backdrop-blur-sm transition-colors hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-4';

function slotLabel(slot: TSampleSlot): string {
  return `${slot.campaignName ?? 'House ad'} · ${slot.creativeName}`;
}

/**
 * The ad playlist's preview: a sample sequence of ad slots filled by the rotation, played full
 * screen by the engine and DOM stage the TV runs (QR overlay included). The details list the
 * sequence and mark the slot on screen; Escape or the exit button leaves.
 */
export function AdPlaylistPlayer({
  playlist,
  onExit,
  clock,
}: {
  playlist: TAdPlaylist;
  onExit: () => void;
  /** Tests run playback on a manual clock; the page uses the system clock. */
  clock?: PlaybackClock;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const exitRef = useRef<HTMLButtonElement>(null);
  const [playingIndex, setPlayingIndex] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isInfoShown, setInfoShown] = useState(true);

  const { slots, playable } = useMemo(() => {
    const sample = sampleSequence(playlist, (clock ?? { now: () => Date.now() }).now());
    const lengths = sampleSlotSeconds(playlist);
    const engineList: PlaybackPlaylist = {
      key: `${playlist.adSpace.id}@${playlist.updatedAt ?? 'never'}`,
      items: sample.map((_, index) => ({
        key: `slot-${index}`,
        type: 'adSlot' as const,
        lengthMs: (lengths[index % lengths.length] ?? FALLBACK_SLOT_SECONDS) * 1000,
      })),
    };
    return { slots: sample, playable: engineList };
  }, [playlist, clock]);

  useEffect(() => {
    const container = stageRef.current;
    if (!container || playable.items.length === 0) return;
    const stage = createDomStage(container);
    const engine = createPlaybackEngine({
      stage,
      clock,
      fillAdSlot: (_slot, index) => slots[index]?.pick.fill ?? null,
      unfilledAdSlot: 'skip',
      onItemStart: (report) => {
        setPlayingIndex(report.index);
        setFailure(null);
      },
      onItemError: (report) => {
        const slot = slots[report.index];
        setFailure(`${slot ? slotLabel(slot) : 'A creative'} was skipped: ${report.message}`);
      },
    });
    engine.setPlaylist(playable);
    return () => {
      engine.stop();
      stage.destroy();
    };
  }, [playable, slots, clock]);

  useEffect(() => {
    exitRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onExit]);

  const playing = playingIndex === null ? null : (slots[playingIndex] ?? null);
  return (
    <div className="fixed inset-0 z-50 bg-black text-white">
      <div className="absolute inset-0">
        <div
          ref={stageRef}
          role="region"
          aria-label={`Ad preview of ${playlist.adSpace.name}`}
          className="size-full"
        />
      </div>
      {slots.length === 0 && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-lg text-zinc-300">
          Nothing fills this space’s ad slots now: no campaign plays here and there are no house
          ads, so its TVs skip the slots.
        </div>
      )}
      <div className="absolute inset-x-0 top-0 z-10 flex items-start justify-between gap-2 p-3 sm:p-4">
        <button ref={exitRef} type="button" onClick={onExit} className={overlayButton}>
          <X aria-hidden />
          Exit preview
          <kbd className="hidden rounded border border-white/30 px-1 text-xs text-white/70 sm:inline">
            Esc
          </kbd>
        </button>
        <button
          type="button"
          onClick={() => setInfoShown((shown) => !shown)}
          className={overlayButton}
        >
          {isInfoShown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {isInfoShown ? 'Hide details' : 'Show details'}
        </button>
      </div>
      {isInfoShown && (
        <div className="absolute bottom-3 left-3 z-10 grid max-h-[calc(100%-5rem)] max-w-[calc(100%-1.5rem)] gap-2 overflow-y-auto rounded-lg bg-black/70 px-3 py-2 text-sm backdrop-blur-sm sm:bottom-4 sm:left-4 sm:w-80">
          <div role="status" aria-label="Now playing" className="grid gap-0.5">
            <span className="truncate font-medium">{playlist.adSpace.name}: ad rotation</span>
            {playing && playingIndex !== null && (
              <span className="truncate text-white/80 tabular-nums">
                Slot {playingIndex + 1} / {slots.length} · {slotLabel(playing)}
              </span>
            )}
            {failure && <span className="text-amber-300">{failure}</span>}
          </div>
          {slots.length > 0 && (
            // On a phone the list would cover the creative: the status line says enough there.
            <div className="hidden gap-2 sm:grid">
              <span className="text-xs text-white/70">{sampleCaption(playlist)}</span>
              <ol aria-label="Sample sequence" className="grid gap-0.5 text-xs">
                {slots.map((slot, index) => (
                  <li
                    key={index}
                    aria-current={index === playingIndex ? 'true' : undefined}
                    className={cn(
                      'flex gap-2 truncate rounded px-1.5 py-0.5 tabular-nums',
                      index === playingIndex ? 'bg-white/20 text-white' : 'text-white/75',
                    )}
                  >
                    <span className="w-5 shrink-0 text-right">{index + 1}.</span>
                    <span className="truncate">{slotLabel(slot)}</span>
                    {slot.pick.fill.overlay && <span className="ml-auto shrink-0">QR</span>}
                  </li>
                ))}
              </ol>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

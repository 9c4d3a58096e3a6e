import { useEffect, useMemo, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { createAdRotation } from '@screenline/playback/ad-rotation';
import { createDomStage } from '@screenline/playback/dom-stage';
import type { PlaybackClock } from '@screenline/playback/playback-clock';
import { createPlaybackEngine, type PlaybackPlaylist } from '@screenline/playback/playback-engine';
import { toPlaybackPlaylist } from '@screenline/playback/playback-playlist';
import type { TCampaignApproval } from '@screenline/shared/approval';
import type { TManifestAdFill } from '@screenline/shared/player';
import type { TPlaylistDetail } from '@screenline/shared/playlist';

/** The slot the preview plays the creative in when the space's playlist has none. */
export const LONE_SLOT_SECONDS = 15;

const overlayButton =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-black/60 px-3 text-sm font-medium text-white backdrop-blur-sm transition-colors hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-4';

/**
 * The campaign as the owner's screen would show it (issue 22 item 1): the space's own playlist
 * played full screen by the engine and DOM stage the TV runs (packages/playback), its ad slots
 * filled with this campaign's creatives by the TV's rotation rule, QR overlay included. Without a
 * playlist (or without an ad slot in it) the creatives play alone in 15 s slots. Escape or the
 * exit button leaves.
 */
export function ApprovalPreview({
  approval,
  playlist,
  onExit,
  clock,
}: {
  approval: TCampaignApproval;
  playlist: TPlaylistDetail | null;
  onExit: () => void;
  /** Tests run playback on a manual clock; the page uses the system clock. */
  clock?: PlaybackClock;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const exitRef = useRef<HTMLButtonElement>(null);
  const [nowPlaying, setNowPlaying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const { playable, fill, urlOf, names, alone } = useMemo(() => {
    const creatives = approval.campaign.creatives.filter((creative) => creative.url !== null);
    const urls = new Map<string, string>();
    const itemNames = new Map<string, string>();
    for (const creative of creatives) if (creative.url) urls.set(creative.id, creative.url);
    for (const item of playlist?.content ?? []) if (item.mediaUrl) urls.set(item.id, item.mediaUrl);
    const mediaUrlOf = (contentId: string) => urls.get(contentId) ?? null;
    const own = playlist ? toPlaybackPlaylist(playlist, mediaUrlOf).playlist : null;
    const hasSlot = own?.items.some((item) => item.type === 'adSlot') ?? false;
    const list: PlaybackPlaylist =
      own && hasSlot
        ? own
        : {
            key: `approval-${approval.campaign.id}`,
            items: [{ key: 'slot', type: 'adSlot', lengthMs: LONE_SLOT_SECONDS * 1000 }],
          };
    for (const item of playlist?.items ?? [])
      itemNames.set(
        item.id,
        item.type === 'adSlot'
          ? `${approval.campaign.name} (ad slot)`
          : (playlist?.content.find((content) => content.id === item.contentId)?.name ??
              'Your item'),
      );
    itemNames.set('slot', `${approval.campaign.name} (ad slot)`);
    const adFill: TManifestAdFill = {
      campaigns: [
        {
          campaignId: approval.campaign.id,
          weight: 1,
          qrUrl: approval.campaign.destinationUrl,
          // Open for the whole preview.
          windows: [{ startMs: 0, endMs: Number.MAX_SAFE_INTEGER }],
          creatives: creatives.map((creative) => ({
            creativeId: creative.id,
            contentId: creative.id,
            kind: creative.kind,
          })),
        },
      ],
      houseAds: [],
    };
    return {
      playable: list,
      fill: adFill,
      urlOf: mediaUrlOf,
      names: itemNames,
      alone: !(own && hasSlot),
    };
  }, [approval, playlist]);

  useEffect(() => {
    const container = stageRef.current;
    if (!container) return;
    const stage = createDomStage(container);
    const rotation = createAdRotation();
    const now = () => (clock ?? { now: () => Date.now() }).now();
    const engine = createPlaybackEngine({
      stage,
      clock,
      fillAdSlot: () => rotation.pick(fill, now(), urlOf)?.fill ?? null,
      onItemStart: (report) => {
        setNowPlaying(names.get(report.item.key) ?? 'Your item');
        setFailure(null);
      },
      onItemError: (report) =>
        setFailure(`${names.get(report.item.key) ?? 'An item'} was skipped: ${report.message}`),
    });
    engine.setPlaylist(playable);
    return () => {
      engine.stop();
      stage.destroy();
    };
  }, [playable, fill, urlOf, names, clock]);

  useEffect(() => {
    exitRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onExit]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Preview of ${approval.campaign.name} on ${approval.adSpaceName}`}
      className="fixed inset-0 z-50 bg-black text-white"
    >
      <div className="absolute inset-0">
        <div ref={stageRef} className="size-full" />
      </div>
      <div className="absolute inset-x-0 top-0 z-10 flex items-start gap-2 p-3 sm:p-4">
        <button ref={exitRef} type="button" onClick={onExit} className={overlayButton}>
          <X aria-hidden />
          Exit preview
          <kbd className="hidden rounded border border-white/30 px-1 text-xs text-white/70 sm:inline">
            Esc
          </kbd>
        </button>
      </div>
      <div
        role="status"
        aria-label="Now playing"
        className="absolute bottom-3 left-3 z-10 grid max-w-[calc(100%-1.5rem)] gap-0.5 rounded-lg bg-black/60 px-3 py-2 text-sm backdrop-blur-sm sm:bottom-4 sm:left-4"
      >
        <span className="truncate font-medium">
          {alone
            ? `${approval.campaign.name} alone: ${playlist ? `“${playlist.name}” has no ad slot` : `${approval.adSpaceName} has no playlist`}`
            : `${approval.campaign.name} inside “${playlist?.name ?? ''}”`}
        </span>
        {nowPlaying && <span className="truncate text-white/80">{nowPlaying}</span>}
        {failure && <span className="text-amber-300">{failure}</span>}
      </div>
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { createDomStage } from '@screenline/playback/dom-stage';
import type { PlaybackClock } from '@screenline/playback/playback-clock';
import type { TPlayerAdSpace } from '@screenline/shared/player';
import { detectBacklight } from '../../lib/backlight';
import { useMenuKey } from '../../lib/remote-keys';
import type { ContentSource, PlayRecorder, TNowPlaying } from './contracts';
import { IdleScreen } from './idle-screen';
import { idleStatusLine } from './idle-status';
import { TakeoverView } from './takeover-view';
import { createPlaybackController, type TPlaybackStatus } from './playback-controller';
import styles from './playback.module.css';

/**
 * The TV's playing screen: the full-screen stage driven by the shared engine through the
 * playback controller, the branded idle screen over it while nothing plays, and Back/Menu to
 * open the hidden menu. Videos play muted (TV browsers refuse unmuted autoplay).
 */
export function PlaybackScreen({
  source,
  recorder,
  adSpace,
  onNowPlaying,
  onMenu,
  onItemError,
  onTakeoverShown,
  clock,
}: {
  source: ContentSource;
  recorder: PlayRecorder;
  /** The TV's ad space (the idle screen names it). */
  adSpace: TPlayerAdSpace;
  onNowPlaying: (nowPlaying: TNowPlaying) => void;
  onMenu: () => void;
  /** Items skipped since playback started (for the heartbeat). */
  onItemError?: (total: number) => void;
  /** An emergency takeover is on screen now (its id), for the TV's acknowledgement. */
  onTakeoverShown?: (takeoverId: string) => void;
  clock?: PlaybackClock;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<TPlaybackStatus>({ kind: 'waiting' });
  /** An item is on screen: until then the idle screen stays up (no black screen while loading). */
  const [isShowing, setShowing] = useState(false);
  const callbacks = useRef({ onNowPlaying, onItemError, onTakeoverShown });
  useEffect(() => {
    callbacks.current = { onNowPlaying, onItemError, onTakeoverShown };
  });
  const takeover = status.kind === 'takeover' ? status.takeover : null;
  const takeoverId = takeover ? takeover.id : null;
  /** A message or image the screen draws itself (a takeover's playlist plays on the stage). */
  const drawnTakeover = takeover && takeover.kind !== 'playlist' ? takeover : null;
  useEffect(() => {
    if (takeoverId) callbacks.current.onTakeoverShown?.(takeoverId);
  }, [takeoverId]);
  useMenuKey(onMenu);
  const isOff = status.kind === 'powered-off';
  // The panel off where the platform allows it (lib/backlight.ts), on again when the hours begin.
  const backlight = useMemo(() => detectBacklight(), []);
  useEffect(() => {
    if (!isOff) return;
    backlight.setOff(true);
    return () => backlight.setOff(false);
  }, [isOff, backlight]);

  useEffect(() => {
    const container = stageRef.current;
    if (!container) return;
    const stage = createDomStage(container, { muted: true });
    const controller = createPlaybackController({
      source,
      recorder,
      stage,
      clock,
      onStatus: setStatus,
      onNowPlaying: (nowPlaying) => {
        setShowing(nowPlaying !== null);
        callbacks.current.onNowPlaying(nowPlaying);
      },
      onItemError: (_report, total) => callbacks.current.onItemError?.(total),
    });
    return () => {
      controller.destroy();
      stage.destroy();
    };
  }, [source, recorder, clock]);

  const now = clock ? clock.now() : Date.now();
  return (
    <main className={styles.player} aria-label="Playback">
      <div className={styles.stageFrame}>
        <div ref={stageRef} className={styles.stage} data-testid="stage" />
      </div>
      {drawnTakeover && (
        <TakeoverView
          takeover={drawnTakeover}
          mediaUrlOf={(contentId) => source.current()?.mediaUrlOf(contentId) ?? null}
        />
      )}
      {isOff && (
        <div className={styles.poweredOff} data-power="off" aria-label="Scheduled off" role="img" />
      )}
      {!isOff &&
        (status.kind === 'waiting' || status.kind === 'idle' || !isShowing) &&
        !drawnTakeover && (
          <IdleScreen
            adSpace={status.kind === 'waiting' ? adSpace : status.manifest.adSpace}
            statusLine={idleStatusLine(status, now)}
          />
        )}
    </main>
  );
}

import { useCallback, useState } from 'react';
import type { TPlayerAdSpace } from '@screenline/shared/player';
import type { TDeviceInfo } from '../features/menu/device-info';
import { MenuHint } from '../features/menu/menu-hint';
import { PlayerMenu } from '../features/menu/player-menu';
import { useMenuKey } from '../lib/remote-keys';
import type { TNowPlaying } from '../features/playback/contracts';
import { IdleScreen } from '../features/playback/idle-screen';
import { PlaybackScreen } from '../features/playback/playback-screen';
import playbackStyles from '../features/playback/playback.module.css';
import type { TSavedDevice } from '../lib/device';
import { IdentifyOverlay } from '../features/commands/identify-overlay';
import { useRemoteCommands } from '../features/commands/use-remote-commands';
import { usePlayerRuntime, type TPlayerParts } from './player-runtime';

const STORAGE_REFUSED =
  'This TV could not open its storage for content, so nothing can play. Restart the TV; if this stays, choose "Change ad space" in the menu (OK or Back on the remote).';

/**
 * The ready TV: playback of its ad space, and the hidden menu over it (OK, Back or Menu on the
 * remote) to change the ad space, read the device info or sign out. The first time, a hint says
 * so for a few seconds.
 */
export function PlayerScreen({
  device,
  parts,
  onChangeAdSpace,
  onSignOut,
  onRevoked,
  onTokenRenewed,
}: {
  device: TSavedDevice;
  parts: TPlayerParts;
  onChangeAdSpace: () => void;
  onSignOut: () => void;
  /** The server refused the device token (signed out elsewhere, ad space deleted). */
  onRevoked: () => void;
  /** The heartbeat renewed the device token: keep the fresh one. */
  onTokenRenewed: (token: string) => void;
}) {
  const state = usePlayerRuntime(device, parts, {
    appVersion: __APP_VERSION__,
    onRevoked,
    onTokenRenewed,
  });
  const runtime = state.kind === 'running' ? state.runtime : null;
  const { restartKey, isIdentifying, onTakeoverShown } = useRemoteCommands(runtime);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const openMenu = useCallback(() => {
    setMenuOpen(true);
  }, []);
  const closeMenu = useCallback(() => {
    // The focused menu button goes with the menu; nothing keeps the remote's focus.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    setMenuOpen(false);
  }, []);
  const onNowPlaying = useCallback(
    (nowPlaying: TNowPlaying) => {
      if (runtime) runtime.setNowPlaying(nowPlaying);
    },
    [runtime],
  );
  const readInfo = useCallback(async (): Promise<TDeviceInfo> => {
    const status = runtime ? await runtime.status() : null;
    const ready = runtime ? runtime.source.current() : null;
    return {
      deviceId: device.deviceId,
      appVersion: __APP_VERSION__,
      adSpace: device.adSpace,
      manifestVersion: ready ? ready.manifest.version : null,
      cache: status ? status.cache : null,
      storage: status ? status.storage : null,
      lastSyncAt: status ? status.lastSyncAt : undefined,
    };
  }, [device, runtime]);

  return (
    <>
      {runtime ? (
        <PlaybackScreen
          key={restartKey}
          source={runtime.source}
          recorder={runtime.recorder}
          adSpace={device.adSpace}
          onNowPlaying={onNowPlaying}
          onMenu={openMenu}
          onTakeoverShown={onTakeoverShown}
        />
      ) : (
        <StartingScreen
          adSpace={device.adSpace}
          statusLine={
            state.kind === 'failed'
              ? STORAGE_REFUSED
              : 'Content appears here as soon as it has downloaded to this TV.'
          }
          onMenu={openMenu}
        />
      )}
      {isIdentifying && <IdentifyOverlay adSpace={device.adSpace} deviceId={device.deviceId} />}
      {!isMenuOpen && <MenuHint />}
      {isMenuOpen && (
        <PlayerMenu
          readInfo={readInfo}
          onChangeAdSpace={onChangeAdSpace}
          onSignOut={onSignOut}
          onClose={closeMenu}
        />
      )}
    </>
  );
}

/** Before the player's parts are up (the cache opens): the idle screen, and the menu key. */
function StartingScreen({
  adSpace,
  statusLine,
  onMenu,
}: {
  adSpace: TPlayerAdSpace;
  statusLine: string;
  onMenu: () => void;
}) {
  useMenuKey(onMenu);
  return (
    <main className={playbackStyles.player} aria-label="Playback">
      <IdleScreen adSpace={adSpace} statusLine={statusLine} />
    </main>
  );
}

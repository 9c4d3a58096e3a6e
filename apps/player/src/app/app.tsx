import { useCallback, useEffect, useState } from 'react';
import { SetupScreen } from '../features/setup/setup-screen';
import { useArrowKeyNavigation } from '../lib/spatial-navigation';
import {
  clearDevice,
  loadDevice,
  readDevice,
  saveDevice,
  signOutDevice,
  type TSavedDevice,
} from '../lib/device';
import { OfflineError } from '../lib/http';
import {
  clearSession,
  endSession,
  loadSession,
  readSession,
  saveSession,
  type TTvSession,
} from '../lib/session';
import { PlayerScreen } from './player-screen';
import type { TPlayerParts } from './player-runtime';
import { SignInScreen } from './sign-in-screen';
import { startScreen, type TScreen } from './screens';

const NOT_CONFIRMED =
  'The phone linked this TV, but Screenline could not be reached to finish. Link it again.';
const DEVICE_REVOKED =
  'This TV’s ad space was removed, or the TV was signed out elsewhere. Choose its ad space again.';
const SIGN_IN_TO_CHANGE = 'Sign in to choose another ad space for this TV.';

/**
 * The TV player: signed out (password or QR pairing), setup (choose the ad space), ready. What
 * is stored is used at once, so a TV that reboots without network comes back where it was; it
 * is checked with the server when the server answers, and dropped only when the server refuses
 * it.
 *
 * Ready plays the ad space with `playerParts` (the media cache, manifest sync and proof of play,
 * given by main.tsx; app/player-runtime.ts). Without them the ready screen only names the ad
 * space: the state of the player before those parts were merged.
 */
export function App({ playerParts }: { playerParts: TPlayerParts }) {
  useArrowKeyNavigation();
  const [screen, setScreen] = useState<TScreen>(() => startScreen(loadSession(), loadDevice()));

  const signOut = useCallback((notice: string | null) => {
    clearSession();
    clearDevice();
    setScreen({ kind: 'signed-out', notice });
  }, []);

  const signIn = useCallback((session: TTvSession) => {
    saveSession(session);
    setScreen({ kind: 'setup', session, current: null });
  }, []);

  const onToken = useCallback(
    (token: string) => {
      readSession(token).then(
        (result) => {
          if (result === 'ended') signOut(NOT_CONFIRMED);
          else signIn(result);
        },
        () => {
          signOut(NOT_CONFIRMED);
        },
      );
    },
    [signIn, signOut],
  );

  /** The server refused the device token: choose the ad space again (or sign in first). */
  const revokeDevice = useCallback(() => {
    clearDevice();
    setScreen((now) => {
      if (now.kind !== 'ready') return now;
      return now.session
        ? { kind: 'setup', session: now.session, current: null, notice: DEVICE_REVOKED }
        : { kind: 'signed-out', notice: DEVICE_REVOKED };
    });
  }, []);

  // A stored device, checked once with the server: its ad space may have been renamed, moved
  // or deleted, or the TV signed out.
  const deviceToken = screen.kind === 'ready' ? screen.device.token : null;
  useEffect(() => {
    if (!deviceToken) return;
    let isCurrent = true;
    readDevice(deviceToken).then(
      (result) => {
        if (!isCurrent) return;
        setScreen((now) => {
          if (now.kind !== 'ready' || now.device.token !== deviceToken) return now;
          if (result === 'revoked') {
            clearDevice();
            return now.session
              ? { kind: 'setup', session: now.session, current: null, notice: DEVICE_REVOKED }
              : { kind: 'signed-out', notice: DEVICE_REVOKED };
          }
          const device = { ...now.device, adSpace: result.adSpace };
          saveDevice(device);
          return { ...now, device };
        });
      },
      (error: unknown) => {
        // Offline or a server error: keep what the TV knows and stay ready.
        if (!(error instanceof OfflineError)) console.warn(error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [deviceToken]);

  const endAll = (session: TTvSession | null, device: TSavedDevice | null) => {
    if (device) void signOutDevice(device.token);
    if (session) void endSession(session.token);
    signOut(null);
  };

  if (screen.kind === 'ready') {
    const { session, device } = screen;
    const onChangeAdSpace = () => {
      setScreen(
        session
          ? { kind: 'setup', session, current: device.adSpace }
          : { kind: 'signed-out', notice: SIGN_IN_TO_CHANGE },
      );
    };
    const onSignOut = () => {
      endAll(session, device);
    };
    return (
      <PlayerScreen
        key={device.token}
        device={device}
        parts={playerParts}
        onChangeAdSpace={onChangeAdSpace}
        onSignOut={onSignOut}
        onRevoked={revokeDevice}
      />
    );
  }
  if (screen.kind === 'setup') {
    const { session, current } = screen;
    return (
      <SetupScreen
        key={session.token}
        session={session}
        current={current}
        notice={screen.notice ?? null}
        onReady={(device) => {
          // The old token stopped working when this one was made.
          saveDevice(device);
          setScreen({ kind: 'ready', session, device });
        }}
        onSignedOut={signOut}
        onSignOut={() => {
          endAll(session, loadDevice());
        }}
      />
    );
  }
  return <SignInScreen notice={screen.notice} onSignedIn={signIn} onToken={onToken} />;
}

import { useCallback, useEffect, useState } from 'react';
import type { TDeviceToken } from '@screenline/shared/pairing';
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
  saveSession,
  type TTvSession,
} from '../lib/session';
import { PlayerScreen } from './player-screen';
import type { TPlayerParts } from './player-runtime';
import { SignInScreen } from './sign-in-screen';
import {
  changeAdSpaceScreen,
  setupCredentialOf,
  startScreen,
  type TScreen,
  type TSetupCredential,
} from './screens';

/**
 * Why the TV is back at sign-in, said plainly (issue 18 item 2): its device token stopped
 * working, which is what signing a TV out is.
 */
const SIGNED_OUT_DEVICE =
  'This TV was signed out: its owner signed it out on the web, changed the account’s password or signed out everywhere, or deleted its ad space. Sign in again to play.';
const SIGNED_OUT_SETUP =
  'The sign-in ended before this TV was set up (it was used already, timed out, or the account’s password changed). Sign in again.';

/**
 * The TV player: signed out (password or QR pairing), setup (choose the ad space), ready. What
 * is stored is used at once, so a TV that reboots without network comes back where it was; it
 * is checked with the server when the server answers, and dropped only when the server refuses
 * it.
 *
 * After setup the TV keeps only its device token (issue 18): the pairing grant is spent by the
 * registration and a password session is ended, so a TV holds nothing that opens its owner's
 * account, and "Change ad space" runs on the device token.
 *
 * Ready plays the ad space with `playerParts` (the media cache, manifest sync and proof of play,
 * given by main.tsx; app/player-runtime.ts). Without them the ready screen only names the ad
 * space: the state of the player before those parts were merged.
 */
export function App({ playerParts }: { playerParts: TPlayerParts }) {
  useArrowKeyNavigation();
  const [screen, setScreen] = useState<TScreen>(() => startScreen(loadSession(), loadDevice()));

  // A TV set up by an earlier version may still keep its sign-in beside its device: end it.
  useEffect(() => {
    const session = loadSession();
    if (session && loadDevice()) {
      clearSession();
      if (session.kind === 'session') void endSession(session.token);
    }
  }, []);

  const signOut = useCallback((notice: string | null) => {
    clearSession();
    clearDevice();
    setScreen({ kind: 'signed-out', notice });
  }, []);

  const signIn = useCallback((session: TTvSession) => {
    saveSession(session);
    setScreen({ kind: 'setup', credential: { kind: 'sign-in', session }, current: null });
  }, []);

  const onPaired = useCallback(
    (grant: TDeviceToken) => {
      signIn({
        token: grant.access_token,
        email: grant.account_email ?? '',
        name: grant.account_name ?? '',
        kind: 'pairing',
      });
    },
    [signIn],
  );

  /** The server refused the device token: the TV was signed out. */
  const revokeDevice = useCallback(() => {
    signOut(SIGNED_OUT_DEVICE);
  }, [signOut]);

  const renewToken = useCallback((token: string) => {
    setScreen((now) => {
      if (now.kind !== 'ready') return now;
      const device = { ...now.device, token };
      saveDevice(device);
      return { kind: 'ready', device };
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
        if (result === 'revoked') {
          signOut(SIGNED_OUT_DEVICE);
          return;
        }
        setScreen((now) => {
          if (now.kind !== 'ready' || now.device.token !== deviceToken) return now;
          const device = { ...now.device, adSpace: result.adSpace };
          saveDevice(device);
          return { kind: 'ready', device };
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
  }, [deviceToken, signOut]);

  /** Sign out from the TV: its device token, and a sign-in still held, end on the server too. */
  const endAll = (credential: TSetupCredential | null, device: TSavedDevice | null) => {
    if (device) void signOutDevice(device.token);
    if (credential?.kind === 'sign-in' && credential.session.kind === 'session') {
      void endSession(credential.session.token);
    }
    signOut(null);
  };

  /** Setup is done: keep the device; the sign-in's credential is spent or ended now. */
  const onSetUp = (credential: TSetupCredential, registered: TSavedDevice) => {
    const { account } = setupCredentialOf(credential);
    const device = { ...registered, ...(account ? { account } : {}) };
    saveDevice(device);
    if (credential.kind === 'sign-in') {
      clearSession();
      if (credential.session.kind === 'session') void endSession(credential.session.token);
    }
    setScreen({ kind: 'ready', device });
  };

  if (screen.kind === 'ready') {
    const { device } = screen;
    return (
      <PlayerScreen
        key={device.deviceId}
        device={device}
        parts={playerParts}
        onChangeAdSpace={() => {
          setScreen(changeAdSpaceScreen(device));
        }}
        onSignOut={() => {
          endAll(null, device);
        }}
        onRevoked={revokeDevice}
        onTokenRenewed={renewToken}
      />
    );
  }
  if (screen.kind === 'setup') {
    const { credential, current } = screen;
    const { token, account } = setupCredentialOf(credential);
    return (
      <SetupScreen
        key={token}
        token={token}
        account={account}
        current={current}
        notice={screen.notice ?? null}
        onReady={(device) => {
          onSetUp(credential, device);
        }}
        onSignedOut={() => {
          signOut(credential.kind === 'device' ? SIGNED_OUT_DEVICE : SIGNED_OUT_SETUP);
        }}
        onSignOut={() => {
          endAll(credential, credential.kind === 'device' ? credential.device : loadDevice());
        }}
      />
    );
  }
  return <SignInScreen notice={screen.notice} onSignedIn={signIn} onToken={onPaired} />;
}

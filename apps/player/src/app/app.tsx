import { useCallback, useEffect, useState } from 'react';
import { useArrowKeyNavigation } from '../lib/spatial-navigation';
import { OfflineError } from '../lib/http';
import {
  clearSession,
  endSession,
  loadSession,
  readSession,
  saveSession,
  type TTvSession,
} from '../lib/session';
import { SignInScreen } from './sign-in-screen';
import { SignedInScreen } from './signed-in-screen';

type TScreen =
  { kind: 'signed-out'; notice: string | null } | { kind: 'signed-in'; session: TTvSession };

const SESSION_ENDED = 'This TV was signed out. Sign in again.';
const NOT_CONFIRMED =
  'The phone linked this TV, but Screenline could not be reached to finish. Link it again.';

/**
 * The TV player: signed out (password or QR pairing), then signed in. A stored session is used
 * at once, so a TV that reboots without network stays signed in; it is checked with the server
 * when the server answers, and dropped only when the server refuses it.
 */
export function App() {
  useArrowKeyNavigation();
  const [screen, setScreen] = useState<TScreen>(() => {
    const stored = loadSession();
    return stored ? { kind: 'signed-in', session: stored } : { kind: 'signed-out', notice: null };
  });

  const signIn = useCallback((session: TTvSession) => {
    saveSession(session);
    setScreen({ kind: 'signed-in', session });
  }, []);

  const signOut = useCallback((notice: string | null) => {
    clearSession();
    setScreen({ kind: 'signed-out', notice });
  }, []);

  // The stored session, checked once with the server (its email and name may have changed).
  const storedToken = screen.kind === 'signed-in' ? screen.session.token : null;
  useEffect(() => {
    if (!storedToken) return;
    let isCurrent = true;
    readSession(storedToken).then(
      (result) => {
        if (!isCurrent) return;
        if (result === 'ended') signOut(SESSION_ENDED);
        else signIn(result);
      },
      (error: unknown) => {
        // Offline or a server error: keep the session and stay signed in.
        if (!(error instanceof OfflineError)) console.warn(error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [storedToken, signIn, signOut]);

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

  if (screen.kind === 'signed-in') {
    return (
      <SignedInScreen
        session={screen.session}
        onSignOut={() => {
          void endSession(screen.session.token);
          signOut(null);
        }}
      />
    );
  }
  return <SignInScreen notice={screen.notice} onSignedIn={signIn} onToken={onToken} />;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { TPlayerAdSpace, TPlayerAdSpaceOption } from '@screenline/shared/player';
import { Brand } from '../../components/brand';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fetchAdSpaces, registerDevice, type TSavedDevice } from '../../lib/device';
import { OfflineError } from '../../lib/http';
import { QrCode } from '../../components/qr-code';
import {
  chosenOf,
  locationLine,
  tvsLine,
  type TSetupProblem,
  type TSetupView,
  viewOfAnswer,
} from './setup-model';
import styles from './setup.module.css';

const PROBLEMS: Record<TSetupProblem, string> = {
  offline: 'The TV cannot reach Screenline. Check its network connection, then press Refresh.',
  'not-owner':
    'This account does not run screens yet. On the web, choose the screen owner role and add an ad space, then press Refresh.',
  error: 'Screenline could not list your ad spaces. Press Refresh to try again.',
};

const GONE = 'That ad space no longer exists. Choose another one.';

/**
 * Setup (SPEC §1, issue 8 item 4): the account's ad spaces with name and linked location; the
 * viewer picks one and presses Continue (disabled until then), which registers this TV for it.
 * With no ad spaces: "No Ad Spaces Found", a QR code of the web's ad spaces page, and Refresh.
 *
 * By remote (issue 21 item 4): Down from the list enters the buttons on Continue (Refresh while
 * nothing is chosen), Sign out asks first, and a space that already has a TV says so on its card
 * and asks before it is chosen.
 */
export function SetupScreen({
  token,
  account,
  current,
  notice: initialNotice,
  onReady,
  onSignedOut,
  onSignOut,
}: {
  /**
   * What setup calls with: the owner's session, the pairing grant, or (Change ad space) the TV's
   * own device token.
   */
  token: string;
  /** Whose TV this is, when known ("Signed in as …"). */
  account: string | null;
  /** The ad space this TV plays now, chosen in advance when it is still listed. */
  current: TPlayerAdSpace | null;
  /** Why the TV is back in setup, when it did not come here by itself. */
  notice: string | null;
  onReady: (device: TSavedDevice) => void;
  /** The server refused the credential (401): the app says why and shows sign-in. */
  onSignedOut: () => void;
  onSignOut: () => void;
}) {
  const [view, setView] = useState<TSetupView>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [isSaving, setIsSaving] = useState(false);
  /** The question on screen: sign out, or choose a space another TV plays. */
  const [asking, setAsking] = useState<
    { kind: 'sign-out' } | { kind: 'has-tv'; space: TPlayerAdSpaceOption } | null
  >(null);
  // The choice, kept across a Refresh while its ad space is still listed.
  const selectedRef = useRef<string | null>(current?.id ?? null);
  const refreshButton = useRef<HTMLButtonElement>(null);
  // The newest callback, without reloading the list each time the parent renders a new one.
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  });

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    try {
      const answer = await fetchAdSpaces(token);
      if (answer.kind === 'signed-out') onSignedOutRef.current();
      else setView(viewOfAnswer(answer, selectedRef.current));
    } catch (error) {
      if (!(error instanceof OfflineError)) console.warn(error);
      setView({ kind: 'problem', problem: error instanceof OfflineError ? 'offline' : 'error' });
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  // With nothing to choose, Refresh is the thing to do: it gets the focus.
  useEffect(() => {
    if (view.kind === 'empty' || view.kind === 'problem') refreshButton.current?.focus();
  }, [view.kind]);

  const chosen = chosenOf(view);
  const select = (id: string) => {
    selectedRef.current = id;
    setView((now) => (now.kind === 'list' ? { ...now, selectedId: id } : now));
  };
  const save = async () => {
    if (!chosen || isSaving) return;
    setIsSaving(true);
    setNotice(null);
    try {
      const answer = await registerDevice(token, chosen);
      if (answer.kind === 'ok') return onReady(answer.device);
      if (answer.kind === 'signed-out') return onSignedOut();
      setNotice(answer.kind === 'gone' ? GONE : PROBLEMS['not-owner']);
      setIsSaving(false);
      await load();
    } catch (error) {
      if (!(error instanceof OfflineError)) console.warn(error);
      setNotice(error instanceof OfflineError ? PROBLEMS.offline : PROBLEMS.error);
      setIsSaving(false);
    }
  };

  return (
    <main className={styles.screen}>
      <header className={styles.header}>
        <Brand />
        {account && (
          <p className={styles.account} data-testid="signed-in">
            Signed in as <strong>{account}</strong>
          </p>
        )}
      </header>
      {notice && (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      )}
      <Body
        view={view}
        onSelect={(space) => {
          if (space.tvs && space.id !== selectedRef.current) {
            setAsking({ kind: 'has-tv', space });
            return;
          }
          select(space.id);
        }}
      />
      {/* One row: Sign out apart on the left, Refresh and Continue on the right. Entering the row
          from the list lands on Continue (Refresh while it is disabled): lib/spatial-navigation. */}
      <footer className={styles.footer} data-nav-group>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setAsking({ kind: 'sign-out' });
          }}
        >
          Sign out
        </button>
        <span className={styles.spacer} />
        <button
          type="button"
          ref={refreshButton}
          className={styles.secondary}
          disabled={view.kind === 'loading'}
          onClick={() => {
            setNotice(null);
            void load();
          }}
          data-testid="setup-refresh"
          data-nav-entry="2"
        >
          Refresh
        </button>
        {view.kind !== 'empty' && (
          <button
            type="button"
            className={styles.primary}
            disabled={!chosen || isSaving}
            onClick={() => void save()}
            data-nav-entry="1"
          >
            {isSaving ? 'Saving…' : 'Continue to Player'}
          </button>
        )}
      </footer>
      {asking?.kind === 'sign-out' && (
        <ConfirmDialog
          title="Sign out of this TV?"
          confirmLabel="Sign out"
          isDanger
          onConfirm={onSignOut}
          onCancel={() => {
            setAsking(null);
          }}
        >
          <p>To play on this TV again, you will sign in and choose the ad space again.</p>
        </ConfirmDialog>
      )}
      {asking?.kind === 'has-tv' && (
        <ConfirmDialog
          title={`${asking.space.name} already has a TV`}
          confirmLabel="Play it here too"
          onConfirm={() => {
            select(asking.space.id);
            setAsking(null);
          }}
          onCancel={() => {
            setAsking(null);
          }}
        >
          <p>
            {tvsLine(asking.space.tvs, Date.now())}. If this TV takes its place, the other one keeps
            playing until you sign it out: from its own menu, or on the web under{' '}
            <strong>TVs</strong>.
          </p>
        </ConfirmDialog>
      )}
    </main>
  );
}

function Body({
  view,
  onSelect,
}: {
  view: TSetupView;
  onSelect: (space: TPlayerAdSpaceOption) => void;
}) {
  if (view.kind === 'loading') return <p className={styles.status}>Loading your ad spaces…</p>;
  if (view.kind === 'problem') {
    return (
      <p className={styles.notice} role="alert">
        {PROBLEMS[view.problem]}
      </p>
    );
  }
  if (view.kind === 'empty') return <NoAdSpaces />;
  return <AdSpaceList items={view.items} selectedId={view.selectedId} onSelect={onSelect} />;
}

function AdSpaceList({
  items,
  selectedId,
  onSelect,
}: {
  items: TPlayerAdSpaceOption[];
  selectedId: string | null;
  onSelect: (space: TPlayerAdSpaceOption) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const now = Date.now();
  // The chosen one, or the first, has the focus when the list appears: Enter reaches it at once.
  useEffect(() => {
    const target =
      list.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ??
      list.current?.querySelector<HTMLButtonElement>('button');
    target?.focus();
    // Only when the list arrives, not on every choice.
  }, [items]);
  return (
    <section className={styles.choose} aria-labelledby="setup-title">
      <h2 id="setup-title" className={styles.title}>
        Choose the ad space this TV plays
      </h2>
      <ul ref={list} className={styles.list} role="radiogroup" aria-labelledby="setup-title">
        {items.map((space) => {
          const isChosen = space.id === selectedId;
          const hasTv = tvsLine(space.tvs, now);
          return (
            <li key={space.id} className={styles.item}>
              <button
                type="button"
                role="radio"
                aria-checked={isChosen}
                className={isChosen ? `${styles.option} ${styles.chosen}` : styles.option}
                onClick={() => {
                  onSelect(space);
                }}
              >
                <span className={styles.mark} aria-hidden="true">
                  {isChosen ? '✓' : ''}
                </span>
                <span className={styles.optionText}>
                  <span className={styles.optionName}>{space.name}</span>
                  <span className={styles.optionLocation}>{locationLine(space)}</span>
                  {hasTv && (
                    <span className={styles.optionTvs} data-testid="has-tv">
                      {hasTv}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** SPEC §1: no ad spaces yet; a QR code opens the web page where the owner adds them. */
function NoAdSpaces() {
  const url = `${window.location.origin}/advertiser/ad-spaces`;
  return (
    <section className={styles.empty} aria-labelledby="empty-title">
      <h2 id="empty-title" className={styles.title}>
        No Ad Spaces Found
      </h2>
      <div className={styles.qrBox}>
        <QrCode value={url} label="QR code of the ad spaces page" testId="ad-spaces-qr" />
      </div>
      <p className={styles.steps}>
        Scan the code with your phone, or open <strong>{url.replace(/^https?:\/\//, '')}</strong>,
        and add an ad space. Then press Refresh.
      </p>
    </section>
  );
}

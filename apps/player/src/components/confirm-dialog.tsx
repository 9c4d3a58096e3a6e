import { useEffect, useRef, type ReactNode } from 'react';
import { remoteKeyOf } from '../lib/remote-keys';
import styles from './confirm-dialog.module.css';

/**
 * A question over the screen, answered by remote (issue 21 item 4): OK on the focused button,
 * Back or Escape cancels. The safe answer (Cancel) has the focus first, so an OK pressed by
 * habit never does the thing asked about. The arrow keys stay inside (lib/spatial-navigation
 * keeps to an `aria-modal` dialog).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  isDanger = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isDanger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const latest = useRef(onCancel);
  useEffect(() => {
    latest.current = onCancel;
  });
  useEffect(() => {
    // Where the focus was, to give it back when the dialog goes (a remote needs a focus).
    const before = document.activeElement;
    cancelButton.current?.focus();
    // Capture phase: the dialog is in front, so it takes Back before anything behind it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (remoteKeyOf(event) === null) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      if (before instanceof HTMLElement && document.body.contains(before)) before.focus();
    };
  }, []);
  return (
    <div className={styles.overlay}>
      <section
        className={styles.panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
      >
        <h2 id="confirm-title" className={styles.title}>
          {title}
        </h2>
        <div id="confirm-text" className={styles.text}>
          {children}
        </div>
        <div className={styles.actions}>
          <button ref={cancelButton} type="button" className={styles.cancel} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={isDanger ? styles.danger : styles.confirm}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
        <p className={styles.hint}>OK answers the focused button; Back cancels.</p>
      </section>
    </div>
  );
}

import { useState, useSyncExternalStore } from 'react';
import {
  CircleAlert,
  CircleCheck,
  FileImage,
  FileVideo,
  Pause,
  Play,
  RotateCcw,
  X,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { useFilePicker } from '@/features/content/hooks/use-file-picker';
import type { TUploadEntry } from '@/features/content/stores/upload-entry';
import type { UploadStore } from '@/features/content/stores/upload-store';
import { formatBytes } from '@screenline/shared/format';
import { formatProgressBytes } from '@/features/content/utils/format';
import { uploadActionsFor } from '@/features/content/utils/upload-rules';

/** Whether the browser believes it is online, kept current by its online/offline events. */
function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/** What the row says about where its upload is. */
export function uploadStatusText(entry: TUploadEntry, isOnline = true): string {
  switch (entry.phase) {
    case 'queued':
      return 'Waiting to start…';
    case 'preparing':
      return 'Reading the file…';
    case 'uploading':
      if (entry.taskState === 'pausing') return 'Pausing…';
      if (entry.taskState === 'paused') return 'Paused';
      if (entry.taskState === 'canceling') return 'Canceling…';
      // A stalled "Uploading · 0%" says nothing; say why the bytes do not move.
      if (!isOnline) return `Offline, waiting for the network · ${percentOf(entry)}%`;
      if (entry.isRetrying) return `Retrying… · ${percentOf(entry)}%`;
      return `Uploading · ${percentOf(entry)}%`;
    case 'finishing':
      return 'Adding to your library…';
    case 'done':
      return 'Added to your library';
    case 'canceled':
      return 'Canceled';
    case 'refused':
    case 'failed':
    case 'waiting-for-file':
      return entry.message ?? '';
  }
}

function percentOf(entry: TUploadEntry): number {
  if (entry.phase === 'done' || entry.phase === 'finishing') return 100;
  return entry.totalBytes > 0 ? Math.floor((entry.bytesTransferred / entry.totalBytes) * 100) : 0;
}

/** A row control: an icon with its word, the word hidden on phones (the icon stays). */
function RowButton({
  icon: Icon,
  label,
  disabled = false,
  onClick,
}: {
  icon: typeof Pause;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="sm" variant="ghost" disabled={disabled} onClick={onClick}>
      <Icon aria-hidden />
      <span className="max-sm:sr-only">{label}</span>
    </Button>
  );
}

const RUNNING_PHASES: readonly string[] = ['queued', 'preparing', 'uploading', 'finishing'];

/**
 * The list's headline: "All finished" only when nothing is left to do. An upload waiting for its
 * file after a reload still has bytes to send, and a failed one needs the user.
 */
export function uploadsSummary(entries: readonly TUploadEntry[]): string {
  const count = (phases: readonly string[]) =>
    entries.filter((entry) => phases.includes(entry.phase)).length;
  const running = count(RUNNING_PHASES);
  const waiting = count(['waiting-for-file']);
  const failed = count(['failed']);
  const parts = [
    running > 0 ? `${running} in progress` : null,
    waiting > 0 ? `${waiting} waiting for ${waiting === 1 ? 'its file' : 'their files'}` : null,
    failed > 0 ? `${failed} failed` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'All finished';
}

function UploadRow({
  entry,
  store,
  onPickForResume,
}: {
  entry: TUploadEntry;
  store: UploadStore;
  onPickForResume: (id: string) => void;
}) {
  const isOnline = useIsOnline();
  const actions = uploadActionsFor(entry.phase === 'uploading' ? entry.taskState : null);
  const isProblem = entry.phase === 'failed' || entry.phase === 'refused';
  const showsProgress = entry.phase !== 'refused';
  const Icon = entry.kind === 'video' ? FileVideo : FileImage;
  const status = uploadStatusText(entry, isOnline);
  const isPaused = entry.phase === 'uploading' && entry.taskState === 'paused';

  return (
    <li
      aria-label={entry.fileName}
      className="grid gap-2 rounded-lg border border-border bg-surface px-3 py-3 sm:px-4"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className={cn(
            'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md',
            isProblem
              ? 'bg-danger-soft text-danger-soft-foreground'
              : entry.phase === 'done'
                ? 'bg-success-soft text-success-soft-foreground'
                : 'bg-primary-soft text-primary-soft-foreground',
          )}
        >
          {isProblem ? (
            <CircleAlert className="size-4" />
          ) : entry.phase === 'done' ? (
            <CircleCheck className="size-4" />
          ) : (
            <Icon className="size-4" />
          )}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="truncate text-sm font-medium" title={entry.fileName}>
            {entry.fileName}
          </p>
          <p
            className={cn(
              'text-xs',
              isProblem ? 'font-medium text-danger' : 'text-muted-foreground',
            )}
            role={isProblem ? 'alert' : undefined}
          >
            {status}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {/* Reading the file and adding it to the library cannot be steered: no buttons then. */}
          {entry.phase === 'queued' && (
            <RowButton icon={X} label="Cancel" onClick={() => store.cancel(entry.id)} />
          )}
          {entry.phase === 'uploading' && (
            <>
              <RowButton
                icon={Pause}
                label="Pause"
                disabled={!actions.canPause}
                onClick={() => store.pause(entry.id)}
              />
              <RowButton
                icon={Play}
                label="Resume"
                disabled={!actions.canResume}
                onClick={() => store.resume(entry.id)}
              />
              {isPaused ? (
                // Cancel is not legal while paused (SPEC §4); Discard resumes, then cancels.
                <RowButton icon={X} label="Discard" onClick={() => store.discard(entry.id)} />
              ) : (
                <RowButton
                  icon={X}
                  label="Cancel"
                  disabled={!actions.canCancel}
                  onClick={() => store.cancel(entry.id)}
                />
              )}
            </>
          )}
          {entry.phase === 'waiting-for-file' && (
            <>
              <Button size="sm" variant="outline" onClick={() => onPickForResume(entry.id)}>
                <Play aria-hidden />
                Resume
              </Button>
              <Button size="sm" variant="ghost" onClick={() => store.dismiss(entry.id)}>
                Discard
              </Button>
            </>
          )}
          {entry.phase === 'failed' && entry.canRetry && (
            <Button size="sm" variant="outline" onClick={() => store.retry(entry.id)}>
              <RotateCcw aria-hidden />
              Retry
            </Button>
          )}
          {entry.phase === 'failed' && !entry.canRetry && (
            // It can never succeed as it is (the file cannot be read): the message says why.
            <Button size="sm" variant="outline" onClick={() => store.dismiss(entry.id)}>
              Remove
            </Button>
          )}
          {((entry.phase === 'failed' && entry.canRetry) ||
            entry.phase === 'refused' ||
            entry.phase === 'canceled' ||
            entry.phase === 'done') && (
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label={`Dismiss ${entry.fileName}`}
              onClick={() => store.dismiss(entry.id)}
            >
              <X aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {showsProgress && (
        <div className="flex items-center gap-3 pl-11">
          <Progress
            value={percentOf(entry)}
            label={`Upload of ${entry.fileName}`}
            tone={
              entry.phase === 'failed'
                ? 'danger'
                : entry.phase === 'done'
                  ? 'success'
                  : isPaused || entry.phase === 'canceled' || entry.phase === 'waiting-for-file'
                    ? 'muted'
                    : 'brand'
            }
          />
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {entry.phase === 'waiting-for-file'
              ? formatBytes(entry.totalBytes)
              : formatProgressBytes(
                  entry.phase === 'done' ? entry.totalBytes : entry.bytesTransferred,
                  entry.totalBytes,
                )}
          </span>
        </div>
      )}
    </li>
  );
}

/** The rows of this tab's uploads, newest first, with their controls. */
export function UploadList({
  entries,
  store,
  onResumeWithFile,
}: {
  entries: readonly TUploadEntry[];
  store: UploadStore;
  onResumeWithFile: (id: string, file: File) => void;
}) {
  const [resumingId, setResumingId] = useState<string | null>(null);
  const picker = useFilePicker({
    multiple: false,
    onFiles: ([file]) => {
      if (file && resumingId) onResumeWithFile(resumingId, file);
      setResumingId(null);
    },
  });
  if (entries.length === 0) return null;

  return (
    <section aria-labelledby="uploads-title" className="mb-6 grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="uploads-title" className="text-sm font-semibold">
          Uploads
        </h2>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {uploadsSummary(entries)}
        </p>
      </div>
      <ul className="grid gap-2">
        {entries.map((entry) => (
          <UploadRow
            key={entry.id}
            entry={entry}
            store={store}
            onPickForResume={(id) => {
              setResumingId(id);
              picker.open();
            }}
          />
        ))}
      </ul>
      {picker.input}
    </section>
  );
}

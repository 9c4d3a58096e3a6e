import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaskState } from '@screenline/storage-client';
import { UploadList } from '@/features/content/components/upload-list';
import type { TUploadEntry } from '@/features/content/stores/upload-entry';
import { UploadStore } from '@/features/content/stores/upload-store';

function entry(overrides: Partial<TUploadEntry> = {}): TUploadEntry {
  return {
    id: 'e1',
    uid: 'u1',
    fileName: 'clip.mp4',
    kind: 'video',
    phase: 'uploading',
    taskState: 'running',
    bytesTransferred: 1024 * 1024,
    totalBytes: 4 * 1024 * 1024,
    isRetrying: false,
    message: null,
    canRetry: false,
    item: null,
    ...overrides,
  };
}

function renderList(entries: TUploadEntry[]) {
  const store = new UploadStore();
  const spies = {
    pause: vi.spyOn(store, 'pause'),
    resume: vi.spyOn(store, 'resume'),
    cancel: vi.spyOn(store, 'cancel'),
    retry: vi.spyOn(store, 'retry'),
    discard: vi.spyOn(store, 'discard'),
    dismiss: vi.spyOn(store, 'dismiss').mockImplementation(() => undefined),
  };
  render(<UploadList entries={entries} store={store} onResumeWithFile={vi.fn()} />);
  return spies;
}

const button = (name: string) => screen.getByRole('button', { name });

describe('UploadList', () => {
  it('shows name, progress and bytes of a running upload', () => {
    renderList([entry()]);
    const row = screen.getByRole('listitem', { name: 'clip.mp4' });
    const bar = within(row).getByRole('progressbar', { name: 'Upload of clip.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(row).getByText('1 MB of 4 MB')).toBeInTheDocument();
    expect(within(row).getByText('Uploading · 25%')).toBeInTheDocument();
  });

  it.each<[TaskState, boolean, boolean, boolean]>([
    ['running', true, false, true],
    ['pausing', false, true, true],
    ['canceling', false, false, false],
  ])('%s: Pause %s, Resume %s, Cancel %s', (taskState, canPause, canResume, canCancel) => {
    renderList([entry({ taskState })]);
    expect(button('Pause')).toHaveProperty('disabled', !canPause);
    expect(button('Resume')).toHaveProperty('disabled', !canResume);
    expect(button('Cancel')).toHaveProperty('disabled', !canCancel);
  });

  it('offers to discard a paused upload (resume, then cancel) instead of a dead Cancel', async () => {
    const user = userEvent.setup();
    const spies = renderList([entry({ taskState: 'paused' })]);
    expect(button('Resume')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(button('Discard'));
    expect(spies.discard).toHaveBeenCalledWith('e1');
  });

  it('says "Retrying…" while the storage task retries, not "Uploading"', () => {
    renderList([entry({ isRetrying: true, bytesTransferred: 0 })]);
    expect(screen.getByText('Retrying… · 0%')).toBeInTheDocument();
    expect(screen.queryByText(/^Uploading/)).not.toBeInTheDocument();
  });

  it('says it waits for the network while the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderList([entry({ isRetrying: true, bytesTransferred: 0 })]);
    expect(screen.getByText('Offline, waiting for the network · 0%')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('does not say "All finished" while an upload waits for its file after a reload', () => {
    renderList([
      entry({ id: 'done', phase: 'done', taskState: 'success' }),
      entry({
        id: 'waiting',
        phase: 'waiting-for-file',
        taskState: 'paused',
        message: 'Interrupted.',
      }),
    ]);
    expect(screen.getByText('1 waiting for its file')).toBeInTheDocument();
    expect(screen.queryByText('All finished')).not.toBeInTheDocument();
  });

  it('says "All finished" when nothing is left to do', () => {
    renderList([entry({ phase: 'done', taskState: 'success' })]);
    expect(screen.getByText('All finished')).toBeInTheDocument();
  });

  it('offers Remove, not Retry, for a file that cannot be read', async () => {
    const user = userEvent.setup();
    const spies = renderList([
      entry({
        phase: 'failed',
        taskState: null,
        message: '“clip.mp4” has no picture; screens need a video track.',
        canRetry: false,
      }),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('has no picture');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(button('Remove'));
    expect(spies.dismiss).toHaveBeenCalledWith('e1');
  });

  it('steers the upload with its buttons', async () => {
    const user = userEvent.setup();
    const spies = renderList([entry()]);
    await user.click(button('Pause'));
    expect(spies.pause).toHaveBeenCalledWith('e1');
    await user.click(button('Cancel'));
    expect(spies.cancel).toHaveBeenCalledWith('e1');
  });

  it('shows no Pause, Resume or Cancel while the file is being read', () => {
    renderList([entry({ phase: 'preparing', taskState: null })]);
    for (const name of ['Pause', 'Resume', 'Cancel']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByText('Reading the file…')).toBeInTheDocument();
  });

  it('announces a failure and offers Retry and Dismiss', async () => {
    const user = userEvent.setup();
    const spies = renderList([
      entry({
        phase: 'failed',
        taskState: 'error',
        message: 'Your storage is full.',
        canRetry: true,
      }),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Your storage is full.');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    await user.click(button('Retry'));
    expect(spies.retry).toHaveBeenCalledWith('e1');
    await user.click(button('Dismiss clip.mp4'));
    expect(spies.dismiss).toHaveBeenCalledWith('e1');
  });

  it('offers Resume for an upload interrupted by a reload', () => {
    renderList([
      entry({
        phase: 'waiting-for-file',
        taskState: 'paused',
        message: 'Interrupted by a reload. Pick the same file again to continue where it stopped.',
      }),
    ]);
    expect(button('Resume')).toBeEnabled();
    expect(button('Discard')).toBeEnabled();
    expect(screen.getByText(/Pick the same file again/)).toBeInTheDocument();
  });
});

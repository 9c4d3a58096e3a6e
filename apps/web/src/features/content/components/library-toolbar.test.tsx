import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryToolbar } from '@/features/content/components/library-toolbar';
import type { TLibraryFilters } from '@/features/content/utils/library-filters';

const FILTERS: TLibraryFilters = { kind: 'all', q: 'spring', sort: 'newest' };

describe('LibraryToolbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports only what changed, so a late debounced search cannot undo a type just picked', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(
      <LibraryToolbar filters={FILTERS} onChange={onChange} view="grid" onViewChange={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    fireEvent.click(screen.getByRole('button', { name: 'Videos' }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'video' });
    // The page has not re-rendered with the new type yet when the search's debounce fires.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(onChange).toHaveBeenLastCalledWith({ q: '' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

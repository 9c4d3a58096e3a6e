import { useRef, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import {
  LibraryPickerDialog,
  type TLibraryPickerDialogProps,
} from '@/components/library-picker-dialog';
import { jsonResponse, makeAuth, makeContentItem, makeUser } from '@/test/fixtures';
import { stubApi, type TApiCall } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const sunrise = makeContentItem({ id: uuid(1), name: 'Sunrise.png' });
const menu = makeContentItem({ id: uuid(2), name: 'Menu.png' });
const promo = makeContentItem({ id: uuid(3), name: 'Promo.png' });
const encoding = makeContentItem({
  id: uuid(4),
  name: 'Encoding.mp4',
  processingState: 'processing',
});

/** The library's GET, filtered by `q` as the server would. */
function stubLibrary(items: TContentItem[]): TApiCall[] {
  return stubApi((call) => {
    if (call.method !== 'GET' || call.path !== '/api/v1/content') return undefined;
    const q = call.search.get('q')?.toLowerCase() ?? '';
    return jsonResponse({
      items: items.filter((item) => item.name.toLowerCase().includes(q)),
      nextCursor: null,
    });
  });
}

/** The dialog's props less those the harness supplies (kept apart per selection mode). */
type TPickerProps = TLibraryPickerDialogProps extends infer TProps
  ? TProps extends unknown
    ? Omit<TProps, 'open' | 'onOpenChange' | 'onCloseAutoFocus'>
    : never
  : never;

/** An opener button and the dialog, returning focus to the opener on close as the features do. */
function Harness(props: TPickerProps) {
  const [isOpen, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={openerRef} type="button" onClick={() => setOpen(true)}>
        Open picker
      </button>
      <LibraryPickerDialog
        {...props}
        open={isOpen}
        onOpenChange={setOpen}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current?.focus();
        }}
      />
    </>
  );
}

function renderPicker(props: TPickerProps) {
  const router = createMemoryRouter([{ path: '/', element: <Harness {...props} /> }]);
  renderWithAuth(router, makeAuth(makeUser()));
}

const common = {
  title: 'Add items',
  description: 'Pick some.',
  picker: 'test-picker',
  empty: { text: 'Your library is empty.', linkLabel: 'Upload content' },
} as const;

afterEach(() => vi.unstubAllGlobals());

describe('LibraryPickerDialog', () => {
  it('adds several ready items in the order picked, up to the room left, then returns focus', async () => {
    stubLibrary([sunrise, menu, promo, encoding]);
    const onAdd = vi.fn();
    renderPicker({
      ...common,
      selection: 'many',
      room: 2,
      chosenIds: new Set([promo.id]),
      chosenLabel: (item) => `${item.name} (already added)`,
      addLabel: (count) => `Add ${count}`,
      onAdd,
    });
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Open picker' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add items' });
    const list = await within(dialog).findByRole('list', { name: 'Your library' });

    // The one still processing is not offered, and the dialog says so.
    expect(within(list).queryByRole('button', { name: /Encoding/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/1 item is still processing/)).toBeVisible();
    // One already in place shows as picked but cannot be picked again.
    const chosen = within(list).getByRole('button', { name: 'Promo.png (already added)' });
    expect(chosen).toBeDisabled();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');

    expect(within(dialog).getByRole('button', { name: 'Add 0' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Menu.png' }));
    await user.click(within(list).getByRole('button', { name: 'Sunrise.png' }));
    expect(within(list).getByRole('button', { name: 'Menu.png' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add 2' }));

    expect(onAdd).toHaveBeenCalledWith([menu, sunrise]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('disables the other items once the room is full, and unpicks on a second click', async () => {
    stubLibrary([sunrise, menu]);
    renderPicker({
      ...common,
      selection: 'many',
      room: 1,
      addLabel: (n) => `Add ${n}`,
      onAdd: vi.fn(),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open picker' }));
    const list = await screen.findByRole('list', { name: 'Your library' });

    await user.click(within(list).getByRole('button', { name: 'Sunrise.png' }));
    expect(within(list).getByRole('button', { name: 'Menu.png' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Sunrise.png' }));
    expect(within(list).getByRole('button', { name: 'Menu.png' })).toBeEnabled();
  });

  it('searches by name, says when nothing matches, and forgets the search on close', async () => {
    const calls = stubLibrary([sunrise, menu]);
    renderPicker({ ...common, selection: 'many', addLabel: (n) => `Add ${n}`, onAdd: vi.fn() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open picker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add items' });
    await within(dialog).findByRole('button', { name: 'Menu.png' });

    await user.type(
      within(dialog).getByRole('searchbox', { name: 'Search your library' }),
      'zebra',
    );
    expect(
      await within(dialog).findByText('Nothing in your library matches “zebra”.'),
    ).toBeVisible();
    expect(calls.at(-1)?.search.get('q')).toBe('zebra');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open picker' }));
    expect(await screen.findByRole('searchbox', { name: 'Search your library' })).toHaveValue('');
  });

  it('picks one image with a click that closes the dialog, without a search box', async () => {
    const calls = stubLibrary([sunrise, menu]);
    const onSelect = vi.fn();
    renderPicker({
      ...common,
      kind: 'image',
      isSearchable: false,
      listLabel: 'Your images',
      loadingLabel: 'Loading your images',
      selection: 'one',
      selectedId: menu.id,
      onSelect,
    });
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Open picker' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add items' });
    const list = await within(dialog).findByRole('list', { name: 'Your images' });

    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(calls[0]?.search.get('kind')).toBe('image');
    expect(within(list).getByRole('button', { name: 'Use Menu.png' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(list).getByRole('button', { name: 'Use Sunrise.png' }));

    expect(onSelect).toHaveBeenCalledWith(sunrise);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('links an empty library to the content page, and offers a retry when loading fails', async () => {
    let isDown = true;
    stubApi((call) => {
      if (call.path !== '/api/v1/content') return undefined;
      if (isDown) return jsonResponse({ error: { code: 'internal', message: 'Try later.' } }, 500);
      return jsonResponse({ items: [], nextCursor: null });
    });
    renderPicker({ ...common, selection: 'many', addLabel: (n) => `Add ${n}`, onAdd: vi.fn() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open picker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add items' });

    expect(await within(dialog).findByText('Your library could not be loaded.')).toBeVisible();
    isDown = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Your library is empty.')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Upload content' })).toHaveAttribute(
      'href',
      '/content',
    );
  });
});

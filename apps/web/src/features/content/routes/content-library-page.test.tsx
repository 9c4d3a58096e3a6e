import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import { jsonResponse, makeAuth, makeContentItem, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { ContentLibraryPage } from '@/features/content/routes/content-library-page';
import { saveUpload } from '@/features/content/stores/saved-uploads';

function item(index: number, overrides: Partial<TContentItem> = {}): TContentItem {
  return makeContentItem({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Item ${index}`,
    objectPath: `users/user-1/content/x-${index}.png`,
    ...overrides,
  });
}

/** Answers GET /api/v1/content from `pages` (keyed by cursor) and records each query. */
function stubLibrary(pages: Record<string, { items: TContentItem[]; nextCursor: string | null }>) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const parsed = new URL(url, 'http://app.test');
      if (parsed.pathname === '/api/v1/storage/usage') {
        return Promise.resolve(
          jsonResponse({ usedBytes: 3 * 1024 ** 3, quotaBytes: 10 * 1024 ** 3 }),
        );
      }
      if (parsed.pathname === '/api/v1/content') {
        queries.push(parsed.searchParams);
        const page = pages[parsed.searchParams.get('cursor') ?? ''];
        if (page) return Promise.resolve(jsonResponse(page));
      }
      return Promise.resolve(jsonResponse({ error: { code: 'not-found', message: 'No.' } }, 404));
    }),
  );
  return queries;
}

function renderPage(entry = '/content', user = makeUser()) {
  const router = createMemoryRouter(
    [
      { path: '/content', Component: ContentLibraryPage },
      { path: '/content/generate', element: <p>Generator</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithAuth(router, makeAuth(user));
  return router;
}

describe('/content', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows storage used against the quota', async () => {
    stubLibrary({ '': { items: [item(1)], nextCursor: null } });
    renderPage();
    expect(await screen.findByText('3 GB of 10 GB used')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
  });

  it('keeps heading levels in order: h1 page, h2 library, h3 items', async () => {
    stubLibrary({ '': { items: [item(1)], nextCursor: null } });
    renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Item 1' });
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
    });
  });

  it('does not call the library empty under upload rows', async () => {
    saveUpload({
      id: 'upload-1',
      // A user of its own: the upload store restores saved uploads once per user.
      uid: 'user-uploads',
      fingerprint: 'clip.mp4:1000:1',
      fileName: 'clip.mp4',
      size: 1000,
      kind: 'video',
      name: 'clip',
      objectPath: 'users/user-1/content/upload-1-clip.mp4',
      resume: {
        uploadUrl: '/upload/1',
        total: 1000,
        name: 'users/user-1/content/upload-1-clip.mp4',
      },
      savedAt: Date.now(),
    });
    stubLibrary({ '': { items: [], nextCursor: null } });
    renderPage('/content', makeUser({ uid: 'user-uploads' }));
    expect(await screen.findByRole('listitem', { name: 'clip.mp4' })).toBeVisible();
    await waitFor(() => expect(screen.getByText('3 GB of 10 GB used')).toBeVisible());
    expect(screen.queryByText('Your library is empty')).not.toBeInTheDocument();
    localStorage.clear();
  });

  it('tells a new user what to do', async () => {
    stubLibrary({ '': { items: [], nextCursor: null } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your library is empty' })).toBeVisible();
    expect(screen.getByText(/Upload your first image or video/)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Upload files' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Open the creative generator' })).toHaveAttribute(
      'href',
      '/content/generate',
    );
  });

  it('shows items with their facts and loads the next page with the cursor', async () => {
    const queries = stubLibrary({
      '': {
        items: [
          item(1),
          item(2, {
            name: 'Clip',
            kind: 'video',
            contentType: 'video/webm',
            durationMs: 12_000,
            width: 1280,
            height: 720,
          }),
        ],
        nextCursor: 'page-2',
      },
      'page-2': { items: [item(3)], nextCursor: null },
    });
    renderPage();
    const library = await screen.findByRole('list', { name: 'Content library' });
    expect(within(library).getByRole('listitem', { name: 'Item 1' })).toHaveTextContent(
      'Image · 1920 × 1080 · 1.5 KB',
    );
    expect(within(library).getByRole('listitem', { name: 'Clip' })).toHaveTextContent(
      'Video · 1280 × 720 · 0:12 · 1.5 KB',
    );
    expect(within(library).getByRole('listitem', { name: 'Item 1' })).toHaveTextContent(
      'Uploaded 4 Mar 2026',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(library).findByRole('listitem', { name: 'Item 3' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(queries.map((query) => query.get('cursor'))).toEqual([null, 'page-2']);
    expect(queries[0]?.get('sort')).toBe('createdAt');
    expect(queries[0]?.get('order')).toBe('desc');
  });

  it('searches by name on the server after a pause, and filters and sorts', async () => {
    const queries = stubLibrary({ '': { items: [item(1)], nextCursor: null } });
    const router = renderPage();
    await screen.findByRole('list', { name: 'Content library' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'promo');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('promo'));
    // One request for the whole word, not one per key.
    expect(queries.filter((query) => query.has('q'))).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=promo');

    await user.click(screen.getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('video'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'size');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('size'));
    expect(queries.at(-1)?.get('order')).toBe('desc');
    expect(router.state.location.search).toBe('?type=video&q=promo&sort=size');
  });

  it('remembers the list view', async () => {
    stubLibrary({ '': { items: [item(1)], nextCursor: null } });
    renderPage();
    await screen.findByRole('list', { name: 'Content library' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('table', { name: 'Content library' })).toBeVisible();
    expect(window.localStorage.getItem('screenline.content.view')).toBe('list');
  });
});

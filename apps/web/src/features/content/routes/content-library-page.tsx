import { useStorage } from '@/lib/storage';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CloudUpload, Images, SearchX, Upload, Wand2 } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from '@/lib/auth-context';
import { useContentList } from '@/features/content/api/list-content';
import { ContentGrid } from '@/features/content/components/content-grid';
import type { TItemAction } from '@/features/content/components/content-item-menu';
import { ContentTable } from '@/features/content/components/content-table';
import { DeleteDialog } from '@/features/content/components/delete-dialog';
import { LibraryToolbar } from '@/features/content/components/library-toolbar';
import { PreviewDialog } from '@/features/content/components/preview-dialog';
import { RenameDialog } from '@/features/content/components/rename-dialog';
import { StorageUsage } from '@/features/content/components/storage-usage';
import { UploadList } from '@/features/content/components/upload-list';
import { useContentView } from '@/features/content/hooks/use-content-view';
import { useFilePicker } from '@/features/content/hooks/use-file-picker';
import { usePageDrop } from '@/features/content/hooks/use-page-drop';
import { useUploads } from '@/features/content/hooks/use-uploads';
import {
  LIBRARY_SORTS,
  readLibraryFilters,
  writeLibraryFilters,
  type TLibraryFilters,
} from '@/features/content/utils/library-filters';
import { formatBytes } from '@screenline/shared/format';
import { MAX_UPLOAD_BYTES } from '@/features/content/utils/upload-rules';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 24;

type TDialog = { action: TItemAction; item: TContentItem } | null;

/** /content: the user's images and videos, uploads with their progress, and what to do next. */
export function ContentLibraryPage() {
  usePageTitle('Content');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Memoised on the query string: the toolbar's debounce must not restart on every render.
  const filters = useMemo(() => readLibraryFilters(new URLSearchParams(search)), [search]);
  const [view, setView] = useContentView();
  const [dialog, setDialog] = useState<TDialog>(null);
  const uploads = useUploads();
  const { store, addFiles } = uploads;
  const picker = useFilePicker({ onFiles: addFiles });
  const isDragging = usePageDrop(addFiles);

  const uid = user?.uid;
  const storage = useStorage();
  useEffect(() => {
    if (uid) store.restoreSaved(uid, storage);
  }, [store, uid, storage]);

  const { sort, order } = LIBRARY_SORTS[filters.sort];
  const list = useContentList({
    kind: filters.kind === 'all' ? undefined : filters.kind,
    q: filters.q || undefined,
    sort,
    order,
    limit: PAGE_SIZE,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = filters.kind !== 'all' || filters.q !== '';
  const isEmptyLibrary = list.isSuccess && items.length === 0 && !isFiltered;
  // Rows being uploaded are the start of the library: no "empty" message under them.
  const hasUploads = uploads.entries.length > 0;

  // The filters as last written. The URL (and so `filters`) updates a moment after a write, and a
  // debounced search firing in that moment must not undo a filter the user just picked.
  const latestFilters = useRef(filters);
  useEffect(() => {
    latestFilters.current = filters;
  }, [filters]);
  const changeFilters = useCallback(
    (changes: Partial<TLibraryFilters>) => {
      const next = { ...latestFilters.current, ...changes };
      latestFilters.current = next;
      setParams(writeLibraryFilters(next), { replace: true });
    },
    [setParams],
  );
  // Focus returns to the control that opened a dialog (SPEC-level a11y: never to <body>). A
  // dialog opened from another (Rename from the preview) keeps the first opener; a menu item
  // vanishes with its menu, so its item's Actions button stands in; after a delete the opener is
  // gone too, and a neighbouring item (else the upload button) takes focus.
  const dialogRef = useRef<TDialog>(null);
  const opener = useRef<{ element: HTMLElement | null; neighbourIds: string[] } | null>(null);
  const deletedId = useRef<string | null>(null);
  const itemIds = items.map((entry) => entry.id);
  const itemIdsRef = useRef(itemIds);
  itemIdsRef.current = itemIds;
  const uploadButtonRef = useRef<HTMLButtonElement>(null);

  const onAction = useCallback((action: TItemAction, item: TContentItem) => {
    if (dialogRef.current === null) {
      const active = document.activeElement;
      const isInMenu = active instanceof HTMLElement && active.closest('[role="menu"]') !== null;
      const element =
        active instanceof HTMLElement && !isInMenu && active !== document.body
          ? active
          : document.querySelector<HTMLElement>(`[data-item-actions="${CSS.escape(item.id)}"]`);
      const ids = itemIdsRef.current;
      const index = ids.indexOf(item.id);
      opener.current = {
        element,
        neighbourIds: [ids[index + 1], ids[index - 1]].filter((id) => id !== undefined),
      };
    }
    deletedId.current = null;
    const next = { action, item };
    dialogRef.current = next;
    setDialog(next);
  }, []);
  const closeDialog = useCallback(() => {
    dialogRef.current = null;
    setDialog(null);
  }, []);
  const onDeleted = useCallback((item: TContentItem) => {
    deletedId.current = item.id;
  }, []);
  const returnFocus = useCallback((event: Event) => {
    // Another dialog took over: it places focus itself.
    if (dialogRef.current !== null) {
      event.preventDefault();
      return;
    }
    const from = opener.current;
    opener.current = null;
    if (!from) return;
    event.preventDefault();
    let target = deletedId.current === null && from.element?.isConnected ? from.element : null;
    for (const id of deletedId.current === null ? [] : from.neighbourIds) {
      target ??= document.querySelector<HTMLElement>(`[data-item-preview="${CSS.escape(id)}"]`);
    }
    target ??= uploadButtonRef.current;
    target?.focus();
  }, []);

  const uploadButton = (
    <Button ref={uploadButtonRef} onClick={picker.open}>
      <Upload aria-hidden />
      Upload files
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Content"
        description="Your images and videos, ready for playlists and campaigns."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={paths.content.generate}>
                <Wand2 aria-hidden />
                Create a creative
              </Link>
            </Button>
            {uploadButton}
          </>
        }
      />
      {picker.input}

      <StorageUsage />

      <UploadList
        entries={uploads.entries}
        store={store}
        onResumeWithFile={uploads.resumeWithFile}
      />

      {isEmptyLibrary && hasUploads ? null : isEmptyLibrary ? (
        <EmptyState
          icon={Images}
          title="Your library is empty"
          description={
            <>
              Upload your first image or video: drag files onto this page or choose them with the
              button. No artwork yet? Make one in a minute with the creative generator.
            </>
          }
        >
          {uploadButton}
          <Button variant="outline" asChild>
            <Link to={paths.content.generate}>
              <Wand2 aria-hidden />
              Open the creative generator
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <>
          <button
            type="button"
            onClick={picker.open}
            className="mb-5 flex w-full cursor-pointer items-center gap-3 rounded-xl border border-dashed border-input bg-surface px-4 py-3 text-left text-sm transition-colors hover:border-primary hover:bg-primary-soft/40"
          >
            <CloudUpload aria-hidden className="size-5 shrink-0 text-primary" />
            <span>
              <span className="font-medium">Drop images and videos anywhere on this page</span>
              <span className="text-muted-foreground"> or click to choose files.</span>
              <span className="block text-xs text-muted-foreground">
                JPEG, PNG, WebP, GIF, MP4 or WebM, up to {formatBytes(MAX_UPLOAD_BYTES)} each.
              </span>
            </span>
          </button>

          {/* h1 (page) → h2 (library) → h3 (each item's name): no level skipped. */}
          <h2 className="sr-only">Your library</h2>
          <LibraryToolbar
            filters={filters}
            onChange={changeFilters}
            view={view}
            onViewChange={setView}
          />

          {list.isPending ? (
            <ListLoading label="Loading your library" />
          ) : list.isError ? (
            <ListLoadError
              title="Your library could not be loaded."
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="Nothing matches"
              description="No item of your library matches this search and filter."
            >
              <Button variant="outline" onClick={() => changeFilters({ kind: 'all', q: '' })}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <>
              {view === 'grid' ? (
                <ContentGrid items={items} onAction={onAction} />
              ) : (
                <ContentTable items={items} onAction={onAction} />
              )}
              <LoadMore list={list} />
            </>
          )}
        </>
      )}

      {isDragging && (
        <div className="pointer-events-none fixed inset-0 z-30 flex items-center justify-center bg-primary/10 p-6 backdrop-blur-[2px]">
          <div className="flex size-full max-h-[32rem] max-w-3xl flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-primary bg-surface/95 text-center shadow-xl">
            <CloudUpload aria-hidden className="size-10 text-primary" />
            <p className="text-lg font-semibold">Drop to upload to your library</p>
            <p className="text-sm text-muted-foreground">Images and videos, as many as you like.</p>
          </div>
        </div>
      )}

      <PreviewDialog
        item={dialog?.action === 'preview' ? dialog.item : null}
        onClose={closeDialog}
        onAction={onAction}
        onCloseAutoFocus={returnFocus}
      />
      <RenameDialog
        item={dialog?.action === 'rename' ? dialog.item : null}
        onClose={closeDialog}
        onCloseAutoFocus={returnFocus}
      />
      <DeleteDialog
        item={dialog?.action === 'delete' ? dialog.item : null}
        onClose={closeDialog}
        onDeleted={onDeleted}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

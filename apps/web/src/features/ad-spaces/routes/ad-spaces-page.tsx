import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Camera, MapPin, MonitorPlay, Plus, Send, Siren, X } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import { normalizeTag } from '@screenline/shared/screen-group';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useLatestScreenshots } from '@/lib/api/list-screenshots';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useAdSpace } from '@/features/ad-spaces/api/get-ad-space';
import { useAdSpaceList } from '@/features/ad-spaces/api/list-ad-spaces';
import { useLocationOptions } from '@/features/ad-spaces/api/list-options';
import { useScreenGroups } from '@/lib/api/screen-groups';
import { AdSpaceFormDialog } from '@/features/ad-spaces/components/ad-space-form-dialog';
import {
  BulkActionDialog,
  BulkActionsBar,
  type TBulkKind,
} from '@/features/ad-spaces/components/bulk-actions';
import {
  NewGroupDialog,
  ScreenGroupsPanel,
} from '@/features/ad-spaces/components/screen-groups-panel';
import {
  AdSpacesTable,
  adSpaceActionsSelector,
  type TAdSpaceAction,
} from '@/features/ad-spaces/components/ad-spaces-table';
import { ConnectTvDialog } from '@/features/ad-spaces/components/connect-tv-dialog';
import { ConnectTvPanel } from '@/features/ad-spaces/components/connect-tv-panel';
import { DeleteAdSpaceDialog } from '@/features/ad-spaces/components/delete-ad-space-dialog';
import { PlaysReportDialog } from '@/features/ad-spaces/components/plays-report-dialog';
import { PowerScheduleDialog } from '@/features/ad-spaces/components/power-schedule-dialog';
import { SavedAdSpaceNotice } from '@/features/ad-spaces/components/saved-ad-space-notice';
import { ScreenDialog } from '@/features/ad-spaces/components/screen-dialog';
import { SendCommandDialog } from '@/features/ad-spaces/components/send-command-dialog';
import { TakeoverBanner } from '@/features/ad-spaces/components/takeover-banner';
import { TakeoverDialog } from '@/features/ad-spaces/components/takeover-dialog';
import { TvStatusDialog } from '@/features/ad-spaces/components/tv-status-dialog';
import { useScreenshotRefresh } from '@/features/ad-spaces/hooks/use-screenshot-refresh';

type TDialog =
  | { kind: 'form'; adSpace: TAdSpace | null }
  | { kind: 'connect' | 'status' | 'screen' | 'power' | 'delete'; adSpace: TAdSpace }
  | { kind: 'takeover' | 'command' };

/** The query parameter naming the ad space whose proof-of-play report is open. */
const PLAYS_PARAM = 'plays';
/**
 * The query parameter naming the ad space whose "On screen now" is open: the dashboard's
 * thumbnails link here with it.
 */
const SCREEN_PARAM = 'screen';
/** The query parameter of the tag the list is filtered by (issue 23). */
const TAG_PARAM = 'tag';

/** "Filter by tag": the list shows the spaces carrying it; the tags known so far are offered. */
function TagFilter({
  tag,
  knownTags,
  onChange,
}: {
  tag: string | null;
  knownTags: readonly string[];
  onChange: (tag: string | null) => void;
}) {
  // The page keys it by the tag: another tag starts it afresh.
  const [text, setText] = useState(tag ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeTag(text);
    onChange(normalized === '' ? null : normalized);
  };
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
      <FormField label="Filter by tag" className="w-full sm:w-64">
        {(field) => (
          <Input
            {...field}
            type="search"
            list="ad-space-tags"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <datalist id="ad-space-tags">
        {knownTags.map((known) => (
          <option key={known} value={known} />
        ))}
      </datalist>
      <Button type="submit" variant="outline">
        Filter
      </Button>
      {tag !== null && (
        <Button variant="ghost" onClick={() => onChange(null)}>
          <X aria-hidden />
          Show all
        </Button>
      )}
    </form>
  );
}

/**
 * The space a link's `?plays=<id>` (its report) or `?screen=<id>` (its "On screen now") asks
 * for: from the list's pages, else fetched on its own (a link to a space on a later page). A
 * space that is not there is said once (`missing`) and the parameter dropped.
 */
function useLinkedAdSpace(
  param: string,
  adSpaces: readonly TAdSpace[],
  isListLoaded: boolean,
  close: () => void,
  missing: string,
): TAdSpace | null {
  const [searchParams] = useSearchParams();
  const id = searchParams.get(param);
  const listed = id === null ? undefined : adSpaces.find((adSpace) => adSpace.id === id);
  const fetched = useAdSpace(id !== null && isListLoaded && !listed ? id : null);
  const isMissing = fetched.isError;
  useEffect(() => {
    if (!isMissing) return;
    toast.error(missing);
    close();
  }, [isMissing, close, missing]);
  if (id === null) return null;
  return listed ?? fetched.data ?? null;
}

export function AdSpacesPage() {
  usePageTitle('Ad spaces');
  const [searchParams, setSearchParams] = useSearchParams();
  const tag = searchParams.get(TAG_PARAM);
  const list = useAdSpaceList(tag);
  const locations = useLocationOptions();
  const groups = useScreenGroups();
  const adSpaces = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const knownTags = useMemo(
    () =>
      [
        ...new Set([
          ...adSpaces.flatMap((space) => space.tags),
          ...(groups.data ?? []).flatMap((group) => group.tags),
        ]),
      ].sort(),
    [adSpaces, groups.data],
  );
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const selected = adSpaces.filter((space) => selectedIds.has(space.id));
  const [bulk, setBulk] = useState<TBulkKind | null>(null);
  const [isNewGroupOpen, setIsNewGroupOpen] = useState(false);
  const screenshotRefresh = useScreenshotRefresh(adSpaces);
  const screenshots = useLatestScreenshots({ isWaiting: screenshotRefresh.isWaiting });
  const selectSpaces = useCallback(
    (ids: readonly string[], isSelected: boolean) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (isSelected) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const [dialog, setDialog] = useState<TDialog | null>(null);
  /** The space just saved: the page says what it plays now. */
  const [saved, setSaved] = useState<TAdSpace | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const { remember, returnFocus } = useReturnFocus(addButtonRef);
  // The report has its own opener: it may open from the status dialog, which closes meanwhile.
  const { remember: rememberPlaysOpener, returnFocus: returnPlaysFocus } =
    useReturnFocus(addButtonRef);

  const setLinkParam = useCallback(
    (param: string, id: string | null) =>
      setSearchParams(
        (params) => {
          if (id === null) params.delete(param);
          else params.set(param, id);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setPlaysParam = useCallback(
    (id: string | null) => setLinkParam(PLAYS_PARAM, id),
    [setLinkParam],
  );
  const closePlays = useCallback(() => setPlaysParam(null), [setPlaysParam]);
  const closeLinkedScreen = useCallback(() => setLinkParam(SCREEN_PARAM, null), [setLinkParam]);
  const setTag = (next: string | null) =>
    setSearchParams(
      (params) => {
        if (next === null) params.delete(TAG_PARAM);
        else params.set(TAG_PARAM, next);
        return params;
      },
      { replace: true },
    );
  const playsAdSpace = useLinkedAdSpace(
    PLAYS_PARAM,
    adSpaces,
    list.isSuccess,
    closePlays,
    'That ad space’s report could not be opened: the ad space was not found.',
  );
  const linkedScreen = useLinkedAdSpace(
    SCREEN_PARAM,
    adSpaces,
    list.isSuccess,
    closeLinkedScreen,
    'That screen could not be shown: the ad space was not found.',
  );
  const openPlays = useCallback(
    (adSpace: TAdSpace) => {
      rememberPlaysOpener(adSpaceActionsSelector(adSpace.id));
      setDialog(null);
      setPlaysParam(adSpace.id);
    },
    [rememberPlaysOpener, setPlaysParam],
  );

  const openNew = () => {
    remember();
    setDialog({ kind: 'form', adSpace: null });
  };
  const onAction = useCallback(
    (action: TAdSpaceAction, adSpace: TAdSpace) => {
      if (action === 'plays') {
        openPlays(adSpace);
        return;
      }
      remember(adSpaceActionsSelector(adSpace.id));
      setDialog(action === 'edit' ? { kind: 'form', adSpace } : { kind: action, adSpace });
    },
    [remember, openPlays],
  );
  const close = useCallback(() => setDialog(null), []);

  const takeoverButtonRef = useRef<HTMLButtonElement>(null);
  const { remember: rememberTakeoverOpener, returnFocus: returnTakeoverFocus } =
    useReturnFocus(takeoverButtonRef);
  const openTakeover = () => {
    rememberTakeoverOpener();
    setDialog({ kind: 'takeover' });
  };
  const addButton = (
    <Button ref={addButtonRef} onClick={openNew}>
      <Plus aria-hidden />
      Add ad space
    </Button>
  );
  const headerActions = (
    <>
      <Button ref={takeoverButtonRef} variant="outline" onClick={openTakeover}>
        <Siren aria-hidden />
        Emergency takeover
      </Button>
      {addButton}
    </>
  );
  const hasNoLocation = locations.isSuccess && locations.data.length === 0;

  return (
    <>
      <PageHeader
        title="Ad spaces"
        description="Each screen you run: its location, orientation, default playlist and whether its TV is online."
        actions={adSpaces.length > 0 ? headerActions : undefined}
      />
      <TakeoverBanner />

      {list.isPending ? (
        <ListLoading label="Loading your ad spaces" />
      ) : list.isError ? (
        <ListLoadError
          title="Your ad spaces could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : adSpaces.length === 0 && tag !== null ? (
        <>
          <TagFilter key={tag ?? ''} tag={tag} knownTags={knownTags} onChange={setTag} />
          <Alert>No ad space carries the tag “{tag}”.</Alert>
        </>
      ) : adSpaces.length === 0 && hasNoLocation ? (
        <EmptyState
          icon={MapPin}
          title="Add a location first"
          description="An ad space is a screen at one of your locations, and its schedule runs on that location’s clock. Say where your screens are, then add them here."
        >
          <Button asChild>
            <Link to={paths.advertiser.locations}>
              <MapPin aria-hidden />
              Go to Locations
            </Link>
          </Button>
        </EmptyState>
      ) : adSpaces.length === 0 ? (
        <EmptyState
          icon={MonitorPlay}
          title="Add your first ad space: one screen at a location"
          description="Give it a name the TV list will show, its orientation and resolution. Then sign a TV in and pick it."
        >
          {addButton}
        </EmptyState>
      ) : (
        <>
          {saved && (
            <SavedAdSpaceNotice
              key={saved.id}
              adSpace={saved}
              onChange={setSaved}
              onDismiss={() => setSaved(null)}
            />
          )}
          <TagFilter key={tag ?? ''} tag={tag} knownTags={knownTags} onChange={setTag} />
          <BulkActionsBar
            selected={selected}
            onAction={setBulk}
            onNewGroup={() => setIsNewGroupOpen(true)}
            onSendCommand={() => setDialog({ kind: 'command' })}
            onClear={() => setSelectedIds(new Set())}
          />
          <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="min-w-0 flex-1 basis-64 text-xs text-muted-foreground">
              On screen: each TV’s newest screenshot, asked for again every few minutes while this
              page is open.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={screenshotRefresh.refresh}
                isPending={screenshotRefresh.isRefreshing}
              >
                <Camera aria-hidden />
                Refresh screenshots
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'command' })}>
                <Send aria-hidden />
                Send a command…
              </Button>
            </div>
          </div>
          <AdSpacesTable
            adSpaces={adSpaces}
            screenshots={screenshots.data}
            onAction={onAction}
            selectedIds={selectedIds}
            onSelect={selectSpaces}
          />
          <LoadMore list={list} />
          <ScreenGroupsPanel onNewGroup={() => setIsNewGroupOpen(true)} />
          <ConnectTvPanel />
        </>
      )}

      <BulkActionDialog kind={bulk} selected={selected} onClose={() => setBulk(null)} />
      <NewGroupDialog
        isOpen={isNewGroupOpen}
        adSpaces={adSpaces}
        preselected={selected.map((space) => space.id)}
        onClose={() => setIsNewGroupOpen(false)}
      />

      <AdSpaceFormDialog
        isOpen={dialog?.kind === 'form'}
        adSpace={dialog?.kind === 'form' ? dialog.adSpace : null}
        onSaved={setSaved}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
      <ConnectTvDialog
        adSpace={dialog?.kind === 'connect' ? dialog.adSpace : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
      <TvStatusDialog
        adSpace={dialog?.kind === 'status' ? dialog.adSpace : null}
        onClose={close}
        onOpenPlays={openPlays}
        onCloseAutoFocus={returnFocus}
      />
      <PlaysReportDialog
        adSpace={playsAdSpace}
        onClose={closePlays}
        onCloseAutoFocus={returnPlaysFocus}
      />
      <ScreenDialog
        adSpace={dialog?.kind === 'screen' ? dialog.adSpace : linkedScreen}
        onClose={() => {
          close();
          if (linkedScreen) closeLinkedScreen();
        }}
        onCloseAutoFocus={returnFocus}
      />
      <SendCommandDialog isOpen={dialog?.kind === 'command'} selected={selected} onClose={close} />
      <TakeoverDialog
        isOpen={dialog?.kind === 'takeover'}
        adSpaces={adSpaces}
        onClose={close}
        onCloseAutoFocus={returnTakeoverFocus}
      />
      <PowerScheduleDialog
        adSpace={dialog?.kind === 'power' ? dialog.adSpace : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
      <DeleteAdSpaceDialog
        adSpace={dialog?.kind === 'delete' ? dialog.adSpace : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

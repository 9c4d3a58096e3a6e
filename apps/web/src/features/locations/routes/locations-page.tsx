import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MapPin, Plus } from 'lucide-react';
import type { TLocation } from '@screenline/shared/location';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { paths } from '@/lib/paths';
import { useLocationList } from '@/features/locations/api/list-locations';
import { DeleteLocationDialog } from '@/features/locations/components/delete-location-dialog';
import { LocationFormDialog } from '@/features/locations/components/location-form-dialog';
import {
  LocationsTable,
  locationActionsSelector,
  type TLocationAction,
} from '@/features/locations/components/locations-table';

type TDialog =
  { kind: 'form'; location: TLocation | null } | { kind: 'delete'; location: TLocation };

export function LocationsPage() {
  usePageTitle('Locations');
  const list = useLocationList();
  const locations = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const { remember, returnFocus } = useReturnFocus(addButtonRef);

  const openNew = () => {
    remember();
    setDialog({ kind: 'form', location: null });
  };
  const onAction = useCallback(
    (action: TLocationAction, location: TLocation) => {
      remember(locationActionsSelector(location.id));
      setDialog(action === 'edit' ? { kind: 'form', location } : { kind: 'delete', location });
    },
    [remember],
  );
  const close = useCallback(() => setDialog(null), []);

  const addButton = (
    <Button ref={addButtonRef} onClick={openNew}>
      <Plus aria-hidden />
      Add location
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Locations"
        description="Your venues: address, time zone, venue type and audience estimate, with the screens at each."
        actions={locations.length > 0 ? addButton : undefined}
      />

      {list.isPending ? (
        <ListLoading label="Loading your locations" />
      ) : list.isError ? (
        <ListLoadError
          title="Your locations could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : locations.length === 0 ? (
        <EmptyState
          icon={MapPin}
          title="Add your first location: where your screens are"
          description={
            <>
              A location is a venue with an address and a time zone; your ad spaces (the screens)
              stand there, and their schedules run on its clock.{' '}
              <Link to={paths.help.locations} className="font-medium text-primary underline">
                How locations work
              </Link>
            </>
          }
        >
          {addButton}
        </EmptyState>
      ) : (
        <>
          <LocationsTable locations={locations} onAction={onAction} />
          <LoadMore list={list} />
        </>
      )}

      <LocationFormDialog
        isOpen={dialog?.kind === 'form'}
        location={dialog?.kind === 'form' ? dialog.location : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
      <DeleteLocationDialog
        location={dialog?.kind === 'delete' ? dialog.location : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

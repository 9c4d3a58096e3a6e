import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { generatePath, Link } from 'react-router';
import { FileImage, FileVideo, Megaphone, Play, Plus, QrCode, Trash2 } from 'lucide-react';
import {
  ZUpdateAdPlaylist,
  type TAdPlaylist,
  type TAdRotationEntry,
} from '@screenline/shared/ad-playlist';
import type { TContentItem } from '@screenline/shared/content';
import { formatMicros } from '@screenline/shared/money';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useUpdateAdPlaylist } from '@/features/admin-ad-playlists/api/ad-playlists';
import { HouseAdPickerDialog } from '@/features/admin-ad-playlists/components/house-ad-picker-dialog';
import { useUnsavedChanges } from '@/features/admin-ad-playlists/hooks/use-unsaved-changes';

/** ZUpdateAdPlaylist's limit. */
export const HOUSE_ADS_MAX = 20;

type TRole = 'rotation' | 'pinned' | 'excluded';
type THouseAd = TAdPlaylist['houseAds'][number];

const resolver = zodResolver(ZUpdateAdPlaylist);

function valuesOf(playlist: TAdPlaylist) {
  return {
    pinnedCampaignIds: playlist.pinnedCampaignIds,
    excludedCampaignIds: playlist.excludedCampaignIds,
    houseAdContentIds: playlist.houseAds.map((houseAd) => houseAd.id),
  };
}

function houseAdOf(item: TContentItem): THouseAd {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    url: item.mediaUrl,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
  };
}

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

function RotationStatus({ entry, role }: { entry: TAdRotationEntry; role: TRole }) {
  if (role === 'excluded') return <Badge tone="danger">Excluded</Badge>;
  if (entry.notPlayingBecause !== null || entry.weight === 0) {
    return (
      <span className="grid gap-1">
        <Badge tone="warning" className="w-fit">
          Not playing now
        </Badge>
        {entry.notPlayingBecause && (
          <span className="text-xs text-muted-foreground">{entry.notPlayingBecause}</span>
        )}
      </span>
    );
  }
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="success">Playing</Badge>
      {role === 'pinned' && <Badge tone="brand">Pinned</Badge>}
    </span>
  );
}

function RotationRow({
  entry,
  role,
  onRole,
}: {
  entry: TAdRotationEntry;
  role: TRole;
  onRole: (role: TRole) => void;
}) {
  return (
    <li
      aria-label={entry.name}
      className="grid gap-3 border-b border-border px-5 py-4 last:border-b-0 sm:px-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="truncate font-medium">{entry.name}</span>
          <RotationStatus entry={entry} role={role} />
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>Bid</dt>
            <dd className="text-foreground tabular-nums">
              {formatMicros(entry.bidMicrosPerSecond, { precise: true })}/s
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Weight</dt>
            <dd className="text-foreground tabular-nums">{entry.weight}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Share</dt>
            <dd className="text-foreground tabular-nums">{percent.format(entry.share)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Creatives</dt>
            <dd className="text-foreground tabular-nums">{entry.creatives.length}</dd>
          </div>
        </dl>
        {entry.destinationUrl && (
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <QrCode aria-hidden className="size-3.5 shrink-0" />
            <span className="sr-only">QR code to </span>
            <span className="truncate">{entry.destinationUrl}</span>
          </p>
        )}
      </div>
      <SegmentedControl
        label={`Place of ${entry.name}`}
        value={role}
        onChange={onRole}
        segments={[
          { value: 'rotation', label: 'In rotation' },
          { value: 'pinned', label: 'Pinned' },
          { value: 'excluded', label: 'Excluded' },
        ]}
      />
    </li>
  );
}

function HouseAdRow({ houseAd, onRemove }: { houseAd: THouseAd; onRemove: () => void }) {
  const Icon = houseAd.kind === 'video' ? FileVideo : FileImage;
  return (
    <li aria-label={houseAd.name} className="flex items-center gap-3 py-2">
      <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-muted text-muted-foreground">
        {houseAd.kind === 'image' && houseAd.url ? (
          <img src={houseAd.url} alt="" className="size-full object-contain" />
        ) : (
          <Icon aria-hidden className="size-5" />
        )}
      </span>
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{houseAd.name}</span>
        <span className="text-xs text-muted-foreground">
          {houseAd.kind === 'video' ? 'Video' : 'Image'}
          {houseAd.url === null && ' · deleted from your library, will not play'}
        </span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${houseAd.name}`}
        onClick={onRemove}
        className="text-muted-foreground"
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/**
 * The ad playlist of one monetized space: its rotation (weight, share and why a campaign does not
 * play now) with a pin/exclude switch per campaign, and the house ads from the super-user's own
 * library. Saving sends the ids (PUT) and shows the rotation the server computed with them.
 */
export function AdPlaylistEditor({ playlist }: { playlist: TAdPlaylist }) {
  const update = useUpdateAdPlaylist(playlist.adSpace.id);
  const [houseAdsById, setHouseAdsById] = useState(
    () => new Map(playlist.houseAds.map((houseAd) => [houseAd.id, houseAd])),
  );
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const addHouseAdsRef = useRef<HTMLButtonElement>(null);
  const pickerFocus = useReturnFocus(addHouseAdsRef);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isDirty, isSubmitting, errors },
  } = useForm({ resolver, defaultValues: valuesOf(playlist) });
  const blocker = useUnsavedChanges(isDirty && !isSubmitting);
  const isBlocked = blocker.state === 'blocked';
  const leaveFocus = useReturnFocus(addHouseAdsRef);
  const rememberLeaveFocus = leaveFocus.remember;
  useEffect(() => {
    if (isBlocked) rememberLeaveFocus();
  }, [isBlocked, rememberLeaveFocus]);
  const pinned = useWatch({ control, name: 'pinnedCampaignIds' });
  const excluded = useWatch({ control, name: 'excludedCampaignIds' });
  const houseAdIds = useWatch({ control, name: 'houseAdContentIds' });

  const roleOf = (campaignId: string): TRole =>
    pinned.includes(campaignId)
      ? 'pinned'
      : excluded.includes(campaignId)
        ? 'excluded'
        : 'rotation';
  const setRole = (campaignId: string, role: TRole) => {
    const without = (ids: string[]) => ids.filter((id) => id !== campaignId);
    setValue(
      'pinnedCampaignIds',
      role === 'pinned' ? [...without(pinned), campaignId] : without(pinned),
      {
        shouldDirty: true,
      },
    );
    setValue(
      'excludedCampaignIds',
      role === 'excluded' ? [...without(excluded), campaignId] : without(excluded),
      { shouldDirty: true },
    );
  };
  const addHouseAds = (items: TContentItem[]) => {
    setHouseAdsById((current) => {
      const next = new Map(current);
      for (const item of items) next.set(item.id, houseAdOf(item));
      return next;
    });
    setValue('houseAdContentIds', [...houseAdIds, ...items.map((item) => item.id)], {
      shouldDirty: true,
    });
  };
  const removeHouseAd = (id: string) =>
    setValue(
      'houseAdContentIds',
      houseAdIds.filter((candidate) => candidate !== id),
      { shouldDirty: true },
    );

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      setHouseAdsById(new Map(saved.houseAds.map((houseAd) => [houseAd.id, houseAd])));
      reset(valuesOf(saved));
      toast.success(`Saved the ad playlist of “${saved.adSpace.name}”.`);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  const { adSpace } = playlist;
  const houseAds = houseAdIds
    .map((id) => houseAdsById.get(id))
    .filter((houseAd): houseAd is THouseAd => houseAd !== undefined);
  const playing = playlist.rotation.filter((entry) => entry.weight > 0).length;
  const validationError =
    errors.pinnedCampaignIds?.message ??
    errors.excludedCampaignIds?.message ??
    errors.houseAdContentIds?.message;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Ad playlist">
      <PageHeader
        title={`Ad playlist · ${adSpace.name}`}
        description={`${adSpace.locationName}, ${adSpace.city} · ${adSpace.orientation} ${adSpace.resolutionWidth} × ${adSpace.resolutionHeight} · floor ${formatMicros(adSpace.floorMicrosPerSecond, { precise: true })}/s`}
        actions={
          <>
            <Link to={paths.admin.adPlaylists} className={buttonClasses('outline')}>
              All ad playlists
            </Link>
            <Link
              to={generatePath(paths.admin.adPlaylistPlayer, { playlistId: adSpace.id })}
              state={{
                returnTo: generatePath(paths.admin.editAdPlaylist, { playlistId: adSpace.id }),
              }}
              className={buttonClasses('outline')}
              title={isDirty ? 'The preview plays the saved rotation.' : undefined}
            >
              <Play aria-hidden />
              Preview
            </Link>
          </>
        }
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Rotation</CardTitle>
            <CardDescription>
              {playlist.rotation.length === 0
                ? 'No approved campaign targets this ad space yet.'
                : `${playing} of ${playlist.rotation.length} campaigns play now. While a pinned campaign can play, only pinned campaigns fill the slots; excluded ones never play here.`}
            </CardDescription>
            {isDirty && (
              <p className="text-sm text-warning-soft-foreground">
                Weights and shares are those saved: save to see them with your changes.
              </p>
            )}
          </CardHeader>
          {playlist.rotation.length > 0 ? (
            <ul aria-label="Campaigns in the rotation" className="mt-3 border-t border-border">
              {playlist.rotation.map((entry) => (
                <RotationRow
                  key={entry.campaignId}
                  entry={entry}
                  role={roleOf(entry.campaignId)}
                  onRole={(role) => setRole(entry.campaignId, role)}
                />
              ))}
            </ul>
          ) : (
            <CardContent className="flex items-center gap-3 text-sm text-muted-foreground">
              <Megaphone aria-hidden className="size-5" />
              Campaigns appear here once approved; the house ads fill the slots meanwhile.
            </CardContent>
          )}
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>House ads</CardTitle>
            <CardDescription>
              Your own images and videos, played when no campaign can fill a slot. Not billed.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {houseAds.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No house ads: when no campaign can play, the slot is skipped.
              </p>
            ) : (
              <ul aria-label="House ads" className="divide-y divide-border">
                {houseAds.map((houseAd) => (
                  <HouseAdRow
                    key={houseAd.id}
                    houseAd={houseAd}
                    onRemove={() => removeHouseAd(houseAd.id)}
                  />
                ))}
              </ul>
            )}
            <div>
              <Button
                ref={addHouseAdsRef}
                variant="outline"
                disabled={houseAdIds.length >= HOUSE_ADS_MAX}
                onClick={() => {
                  pickerFocus.remember();
                  setPickerOpen(true);
                }}
              >
                <Plus aria-hidden />
                Add house ads
              </Button>
              {houseAdIds.length >= HOUSE_ADS_MAX && (
                <p className="mt-2 text-xs text-muted-foreground">
                  {HOUSE_ADS_MAX} house ads at most.
                </p>
              )}
            </div>
          </CardContent>
        </Card>

        {(formError || validationError) && (
          <Alert tone="error" title="The ad playlist was not saved">
            {formError ?? validationError}
          </Alert>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <span aria-live="polite" className="text-sm text-muted-foreground">
            {isDirty
              ? 'Unsaved changes.'
              : playlist.updatedAt && playlist.updatedBy
                ? `Last changed by ${playlist.updatedBy.name} on ${new Date(playlist.updatedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.`
                : 'Never changed: every eligible campaign plays by its weight.'}
          </span>
          <Button
            variant="outline"
            disabled={!isDirty || isSubmitting}
            onClick={() => reset(valuesOf(playlist))}
          >
            Discard changes
          </Button>
          <Button type="submit" disabled={!isDirty} isPending={isSubmitting}>
            Save
          </Button>
        </div>
      </div>
      <HouseAdPickerDialog
        open={isPickerOpen}
        onOpenChange={setPickerOpen}
        chosenIds={new Set(houseAdIds)}
        room={HOUSE_ADS_MAX - houseAdIds.length}
        onAdd={addHouseAds}
        onCloseAutoFocus={pickerFocus.returnFocus}
      />
      <Dialog open={isBlocked} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent role="alertdialog" onCloseAutoFocus={leaveFocus.returnFocus}>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>
            Your changes to this ad playlist are not saved. If you leave now, they are lost.
          </DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}

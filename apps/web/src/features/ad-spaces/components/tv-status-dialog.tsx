import type { ReactNode } from 'react';
import { ChartColumn, TriangleAlert } from 'lucide-react';
import type { TAdSpace, TAdSpacePlayer } from '@screenline/shared/ad-space';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import {
  LastSeen,
  StatusBadge,
  nowPlayingLabelFor,
} from '@/features/ad-spaces/components/ad-space-status';
import { ConnectTvSteps } from '@/features/ad-spaces/components/connect-tv-panel';
import {
  cachePercent,
  cacheSummary,
  isCacheReady,
  storageSummary,
} from '@/features/ad-spaces/utils/player-status';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

function PlayerDetails({ adSpace, player }: { adSpace: TAdSpace; player: TAdSpacePlayer }) {
  const { cache, storage } = player;
  const isReady = isCacheReady(cache);
  return (
    <dl className="grid gap-3">
      <Detail term="Status">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <StatusBadge status={adSpace.status} />
          <LastSeen at={player.lastSeenAt} className="text-muted-foreground" />
        </span>
      </Detail>
      {player.deviceName && <Detail term="TV">{player.deviceName}</Detail>}
      <Detail term="Now playing">{nowPlayingLabelFor(adSpace)}</Detail>
      <Detail term="Content">
        <span className="grid gap-1.5">
          <span>{cacheSummary(cache)}</span>
          <Progress
            value={cachePercent(cache)}
            label="Content downloaded to the TV"
            valueText={cacheSummary(cache)}
            tone={isReady ? 'success' : 'brand'}
          />
          {cache.problem && (
            <span className="flex items-start gap-1.5 rounded-md bg-warning-soft px-2.5 py-1.5 font-medium text-warning-soft-foreground">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0">{cache.problem}</span>
            </span>
          )}
        </span>
      </Detail>
      <Detail term="Schedule">
        {player.isUpToDate
          ? 'Up to date'
          : isReady
            ? 'Update pending: the TV takes the latest changes at its next check'
            : 'Update pending: it switches once every file is downloaded'}
      </Detail>
      <Detail term="Storage">
        {storageSummary(storage)} used
        <span className="block text-xs text-muted-foreground">
          {storage.persisted
            ? 'Persistent: the TV’s browser keeps these files.'
            : 'Not persistent: the TV’s browser may clear these files when it runs short of space.'}
        </span>
      </Detail>
      <Detail term="App version">{player.appVersion}</Detail>
    </dl>
  );
}

/**
 * Everything the TV playing a space last reported, or how to connect one when none has. Proof of
 * play opens from here too.
 */
export function TvStatusDialog({
  adSpace,
  onClose,
  onOpenPlays,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  onClose: () => void;
  onOpenPlays: (adSpace: TAdSpace) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">TV status of “{adSpace.name}”</DialogTitle>
          <DialogDescription className="mb-5">
            {adSpace.player
              ? 'What the TV said in its last report; it reports about once a minute.'
              : 'No TV has reported for this ad space yet. To connect one:'}
          </DialogDescription>
          {adSpace.player ? (
            <PlayerDetails adSpace={adSpace} player={adSpace.player} />
          ) : (
            <ConnectTvSteps adSpaceName={adSpace.name} />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenPlays(adSpace)}>
              <ChartColumn aria-hidden />
              Proof of play
            </Button>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNowStrict } from 'date-fns';
import { Camera, Fingerprint, RefreshCw, RotateCcw, RotateCw } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  DEVICE_COMMAND_WORDS,
  identifyCode,
  SCREENSHOT_AUTO_REFRESH_MS,
  type TDeviceCommand,
  type TDeviceCommandKind,
  type TScreenshot,
} from '@screenline/shared/fleet';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { SCREENSHOTS_QUERY_KEY } from '@/lib/api/list-screenshots';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { playingLabel } from '@/features/ad-spaces/components/ad-space-status';
import { useDeviceCommands, useScreenshots, useSendCommand } from '@/features/ad-spaces/api/fleet';

const STATE_TONES = {
  sent: 'neutral',
  delivered: 'brand',
  done: 'success',
  failed: 'danger',
  expired: 'warning',
} as const;

const STATE_WORDS: Record<TDeviceCommand['state'], string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  done: 'Done',
  failed: 'Failed',
  expired: 'Expired',
};

const ACTIONS: { kind: TDeviceCommandKind; label: string; Icon: typeof RefreshCw }[] = [
  { kind: 'refresh', label: 'Refresh content', Icon: RefreshCw },
  { kind: 'restart', label: 'Restart playback', Icon: RotateCcw },
  { kind: 'reload', label: 'Reload player', Icon: RotateCw },
  { kind: 'identify', label: 'Identify', Icon: Fingerprint },
];

const ago = (at: string) => formatDistanceToNowStrict(new Date(at), { addSuffix: true });

function Shot({ shot, adSpace }: { shot: TScreenshot; adSpace: TAdSpace }) {
  const tv = shot.deviceName ?? `TV ${identifyCode(shot.deviceId)}`;
  return (
    <figure className="grid gap-2">
      {shot.imageUrl ? (
        <img
          src={shot.imageUrl}
          alt={`What ${tv} showed ${ago(shot.takenAt)}`}
          className="aspect-video w-full rounded-md border border-border bg-black object-contain"
        />
      ) : (
        <Alert tone="warning" title="This TV could not take a screenshot">
          <p>{shot.problem}</p>
          <p>Should be playing now: {playingLabel(adSpace.playing)}</p>
        </Alert>
      )}
      <figcaption className="text-xs text-muted-foreground">
        {tv} ·{' '}
        <time dateTime={shot.takenAt} title={new Date(shot.takenAt).toLocaleString()}>
          {shot.imageUrl ? 'taken' : 'tried'} {ago(shot.takenAt)}
        </time>
      </figcaption>
    </figure>
  );
}

function CommandRow({ command }: { command: TDeviceCommand }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
      <span className="min-w-0">
        <span className="font-medium text-foreground">{DEVICE_COMMAND_WORDS[command.kind]}</span>
        <span className="block text-xs text-muted-foreground">
          {command.deviceName ?? 'TV'} ({identifyCode(command.deviceId)}) · {ago(command.createdAt)}
          {command.problem ? ` · ${command.problem}` : ''}
        </span>
      </span>
      <Badge tone={STATE_TONES[command.state]}>{STATE_WORDS[command.state]}</Badge>
    </li>
  );
}

/**
 * "On screen now" and remote commands for one ad space (issue 23 items 2 and 3): the newest
 * screenshot of each TV (asked for on opening and every few minutes while open), what should be
 * playing when a TV cannot capture, buttons for the commands, and the commands' states.
 */
export function ScreenDialog({
  adSpace,
  onClose,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const adSpaceId = adSpace?.id ?? null;
  const commands = useDeviceCommands(adSpaceId);
  const isWaiting = !!commands.data?.items.some(
    (command) =>
      command.kind === 'screenshot' && (command.state === 'sent' || command.state === 'delivered'),
  );
  const shots = useScreenshots(adSpaceId, isWaiting);
  // The upload finishes the command: once none is on its way, the newest screenshot is there.
  const wasWaiting = useRef(false);
  const { refetch: refetchShots } = shots;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (wasWaiting.current && !isWaiting) {
      void refetchShots();
      // The lists' thumbnails show the new one too.
      void queryClient.invalidateQueries({ queryKey: SCREENSHOTS_QUERY_KEY });
    }
    wasWaiting.current = isWaiting;
  }, [isWaiting, refetchShots, queryClient]);
  const send = useSendCommand();
  const sendRef = useRef(send.mutate);
  useEffect(() => {
    sendRef.current = send.mutate;
  });
  const isOnline = adSpace?.status === 'online';

  // A fresh screenshot on opening and at a modest interval while the dialog stays open.
  useEffect(() => {
    if (!adSpaceId || !isOnline) return undefined;
    const ask = () => sendRef.current({ kind: 'screenshot', adSpaceIds: [adSpaceId] });
    ask();
    const timer = setInterval(ask, SCREENSHOT_AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [adSpaceId, isOnline]);

  const run = (kind: TDeviceCommandKind) => {
    if (!adSpaceId) return;
    send.mutate(
      { kind, adSpaceIds: [adSpaceId] },
      {
        onSuccess: (sent) =>
          toast.success(
            `${DEVICE_COMMAND_WORDS[kind]}: sent to ${sent.items.length} TV${sent.items.length === 1 ? '' : 's'}.`,
          ),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent className="max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">On screen now: “{adSpace.name}”</DialogTitle>
          <DialogDescription className="mb-4">
            {isOnline
              ? 'A screenshot from the TV, taken when you opened this and every few minutes while it stays open.'
              : 'The TV is not online: commands wait for it until they expire.'}
          </DialogDescription>
          <section aria-labelledby="screen-shots" className="grid gap-3">
            <h3 id="screen-shots" className="text-sm font-semibold text-foreground">
              Screenshot
            </h3>
            {shots.data && shots.data.items.length > 0 ? (
              shots.data.items.map((shot) => (
                <Shot key={shot.deviceId} shot={shot} adSpace={adSpace} />
              ))
            ) : (
              <p className="text-sm text-muted-foreground">
                {isWaiting ? 'Waiting for the TV…' : 'No screenshot yet.'} Should be playing now:{' '}
                {playingLabel(adSpace.playing)}.
              </p>
            )}
            <div>
              <Button variant="outline" onClick={() => run('screenshot')} disabled={send.isPending}>
                <Camera aria-hidden />
                Take a screenshot now
              </Button>
            </div>
          </section>
          <section aria-labelledby="screen-commands" className="mt-5 grid gap-3">
            <h3 id="screen-commands" className="text-sm font-semibold text-foreground">
              Commands
            </h3>
            <div className="flex flex-wrap gap-2">
              {ACTIONS.map(({ kind, label, Icon }) => (
                <Button
                  key={kind}
                  variant="outline"
                  size="sm"
                  onClick={() => run(kind)}
                  disabled={send.isPending}
                >
                  <Icon aria-hidden />
                  {label}
                </Button>
              ))}
            </div>
            {commands.data && commands.data.items.length > 0 && (
              <ul aria-label="Recent commands" className="divide-y divide-border">
                {commands.data.items.slice(0, 8).map((command) => (
                  <CommandRow key={command.id} command={command} />
                ))}
              </ul>
            )}
          </section>
          <DialogFooter>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

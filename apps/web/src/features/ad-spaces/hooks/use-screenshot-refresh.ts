import { useCallback, useEffect, useRef, useState } from 'react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import { SCREENSHOT_AUTO_REFRESH_MS } from '@screenline/shared/fleet';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSendCommand } from '@/features/ad-spaces/api/fleet';

/** How long the thumbnails are asked again every few seconds after TVs were asked for new ones. */
export const SCREENSHOT_WAIT_MS = 30_000;
/**
 * At most this many TVs are asked on their own every few minutes: the first page of the list
 * (what the owner sees), not every screen the owner has loaded.
 */
export const AUTO_SCREENSHOT_MAX_SPACES = 50;
/** The most ad spaces one command names (ZSendDeviceCommand). */
const COMMAND_MAX_SPACES = 500;

const onlineIds = (adSpaces: readonly TAdSpace[]) =>
  adSpaces.filter((space) => space.status === 'online').map((space) => space.id);

/**
 * New thumbnails for the ad spaces page (issue 23 item 3): `refresh` asks the online TVs of the
 * listed spaces for a screenshot now; while the page is open and in view, the online TVs of the
 * first page are asked again every few minutes. `isWaiting` holds for a while after either, so
 * the list of screenshots is asked again every few seconds as the TVs answer.
 */
export function useScreenshotRefresh(adSpaces: readonly TAdSpace[]) {
  const send = useSendCommand();
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => {
    if (waitingSince === null) return undefined;
    const timer = setTimeout(() => setWaitingSince(null), SCREENSHOT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitingSince]);

  const { mutate } = send;
  const ask = useCallback(
    (ids: readonly string[], onSent?: (tvCount: number) => void) =>
      mutate(
        { kind: 'screenshot', adSpaceIds: ids.slice(0, COMMAND_MAX_SPACES) },
        {
          onSuccess: (sent) => {
            setWaitingSince(Date.now());
            onSent?.(sent.items.length);
          },
          onError: (error) => {
            if (onSent) toast.error(errorMessage(error));
          },
        },
      ),
    [mutate],
  );

  const refresh = () => {
    const ids = onlineIds(adSpaces);
    if (ids.length === 0) {
      toast.info('No TV of these screens is online: each shows its last screenshot.');
      return;
    }
    ask(ids, (tvCount) =>
      toast.success(
        `Asked ${tvCount === 1 ? '1 TV' : `${tvCount} TVs`} for a new screenshot. They arrive within seconds.`,
      ),
    );
  };

  // The timer keeps one interval for the page's life; it reads the spaces listed at each tick.
  const autoIds = useRef<string[]>([]);
  useEffect(() => {
    autoIds.current = onlineIds(adSpaces.slice(0, AUTO_SCREENSHOT_MAX_SPACES));
  });
  useEffect(() => {
    const timer = setInterval(() => {
      // A page in a background tab asks nothing: nobody is looking at it.
      if (document.visibilityState !== 'visible' || autoIds.current.length === 0) return;
      ask(autoIds.current);
    }, SCREENSHOT_AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [ask]);

  return { refresh, isRefreshing: send.isPending, isWaiting: waitingSince !== null };
}

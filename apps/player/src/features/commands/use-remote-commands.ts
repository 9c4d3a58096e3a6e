import { useCallback, useEffect, useRef, useState } from 'react';
import { IDENTIFY_SHOW_MS, type TPlayerCommand } from '@screenline/shared/fleet';
import { API, apiPath } from '@screenline/shared/api-paths';
import { requestJson } from '../../lib/http';
import { createCommandRunner } from './command-runner';
import { captureScreen, uploadScreenshot } from './screen-capture';

export const takeoverShownUrl = (id: string) => apiPath(API.playerTakeoverShown, { id });

/** What the hook needs of the running player (app/player-runtime.ts gives it). */
export interface TCommandSource {
  token(): string;
  refresh(): Promise<void>;
  subscribeCommands(listener: (command: TPlayerCommand) => void): () => void;
}

/**
 * The running TV's side of remote commands and takeovers (issue 23): runs each command from the
 * event stream, and tells the server once per takeover that it is on screen.
 * `restartKey` changes on "restart playback" (the playback screen is mounted again).
 */
export function useRemoteCommands(runtime: TCommandSource | null) {
  const [restartKey, setRestartKey] = useState(0);
  const [isIdentifying, setIdentifying] = useState(false);
  const identifyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shownTakeovers = useRef(new Set<string>());

  useEffect(() => {
    if (!runtime) return undefined;
    const runner = createCommandRunner({
      token: () => runtime.token(),
      handlers: {
        refresh: () => runtime.refresh(),
        reload: () => window.location.reload(),
        restart: () => setRestartKey((key) => key + 1),
        identify: () => {
          clearTimeout(identifyTimer.current);
          setIdentifying(true);
          identifyTimer.current = setTimeout(() => setIdentifying(false), IDENTIFY_SHOW_MS);
        },
        screenshot: async (commandId) => {
          const capture = await captureScreen(document.body).catch(
            (error: unknown) =>
              ({
                ok: false,
                problem: error instanceof Error ? error.message : 'The screenshot failed.',
              }) as const,
          );
          await uploadScreenshot(runtime.token(), capture, commandId);
        },
      },
    });
    const unsubscribe = runtime.subscribeCommands((command) => void runner.run(command));
    return () => {
      unsubscribe();
      clearTimeout(identifyTimer.current);
    };
  }, [runtime]);

  const onTakeoverShown = useCallback(
    (takeoverId: string) => {
      if (!runtime || shownTakeovers.current.has(takeoverId)) return;
      shownTakeovers.current.add(takeoverId);
      requestJson(takeoverShownUrl(takeoverId), { method: 'POST', token: runtime.token() }).catch(
        () => {
          // Offline: said again the next time it shows.
          shownTakeovers.current.delete(takeoverId);
        },
      );
    },
    [runtime],
  );

  return { restartKey, isIdentifying, onTakeoverShown };
}

import type { TCommandAck, TPlayerCommand } from '@screenline/shared/fleet';
import { API, apiPath } from '@screenline/shared/api-paths';

/**
 * Carries out remote commands (issue 23 item 2) as they arrive on the event stream: says it got
 * each one (`delivered`), runs it, then says how it went (`done` or `failed`). The server sends a
 * command again on every reconnection until it is acknowledged, so one seen before is skipped;
 * one past its expiry is not run (the owner's list already says expired).
 */

export const commandAckUrl = (id: string) => apiPath(API.playerCommandAck, { id });

export interface TCommandHandlers {
  refresh(): Promise<void>;
  /** Reloads the page: acknowledged `done` before, since nothing runs after. */
  reload(): void;
  restart(): void;
  /** Shows the name and code; resolves when they are on screen. */
  identify(): Promise<void> | void;
  /**
   * Takes and uploads the screenshot with the command's id: the upload itself finishes the
   * command on the server (done, or failed with the reason the capture gave).
   */
  screenshot(commandId: string): Promise<void>;
}

export interface TCommandRunnerOptions {
  token: () => string;
  handlers: TCommandHandlers;
  fetchImpl?: typeof fetch;
  now?: () => number;
  log?: Pick<Console, 'warn'>;
}

export function createCommandRunner(options: TCommandRunnerOptions) {
  const { handlers } = options;
  const fetchImpl = options.fetchImpl || ((input, init) => fetch(input, init));
  const now = options.now || Date.now;
  const log = options.log || console;
  const seen = new Set<string>();

  async function ack(id: string, body: TCommandAck): Promise<void> {
    try {
      const response = await fetchImpl(commandAckUrl(id), {
        method: 'POST',
        credentials: 'omit',
        cache: 'no-store',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${options.token()}`,
        },
        body: JSON.stringify(body),
      });
      if (response.status !== 204)
        log.warn(`Screenline TV: the ${body.state} ack answered ${response.status}.`);
    } catch (error) {
      // Offline: the server sends the command again on reconnection (while it is `sent`).
      log.warn('Screenline TV: a command acknowledgement could not be sent.', error);
    }
  }

  async function run(command: TPlayerCommand): Promise<void> {
    if (seen.has(command.id)) return;
    seen.add(command.id);
    if (Date.parse(command.expiresAt) <= now()) return;
    await ack(command.id, { state: 'delivered' });
    try {
      switch (command.kind) {
        case 'reload':
          await ack(command.id, { state: 'done' });
          handlers.reload();
          return;
        case 'screenshot':
          await handlers.screenshot(command.id);
          return;
        case 'refresh':
          await handlers.refresh();
          break;
        case 'restart':
          handlers.restart();
          break;
        case 'identify':
          await handlers.identify();
          break;
      }
      await ack(command.id, { state: 'done' });
    } catch (error) {
      const problem =
        error instanceof Error && error.message ? error.message : 'The TV could not do it.';
      await ack(command.id, { state: 'failed', problem: problem.slice(0, 500) });
    }
  }

  return { run };
}

import type { ZSendDeviceCommand } from '@screenline/shared/fleet';
import {
  type TCommandAck,
  type TDeviceCommandList,
  type TPlayerScreenshot,
  type TScreenshotList,
} from '@screenline/shared/fleet';
import type { z } from 'zod';
import type { TPrincipal } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../player/player-changes';
import { type TCommandsRepository, toDeviceCommand } from './commands.repository';

/**
 * Remote commands to TVs (issue 23 item 2) and their screenshots (item 3). A command is stored
 * per TV as `sent`, told to the instances holding the TVs' event streams (the player change bus's
 * `command` message) and sent on each stream open until the TV acknowledges it or it expires.
 */
export function createCommandsService(
  repo: TCommandsRepository,
  access: TAccessPolicy,
  changes: Pick<TPlayerChangeBus, 'publishAndWait'>,
  now: () => number = Date.now,
) {
  async function send(principal: TPrincipal | null, input: z.output<typeof ZSendDeviceCommand>) {
    const adSpaceIds = input.adSpaceIds ?? [];
    const deviceIds = input.deviceIds ?? [];
    const user = await access.requireAccess(principal, 'commands.send', adSpaceIds);
    await access.requireAccess(user, 'commands.sendToDevices', deviceIds);
    const targets = await repo.targetDevices(user.id, adSpaceIds, deviceIds);
    if (targets.length === 0) {
      throw new AppError(
        'invalid-state',
        'No TV is set up for what you chose: connect a TV first.',
      );
    }
    const expiresAt = new Date(now() + input.expiresInSeconds * 1000);
    const rows = await repo.insert(
      targets.map((target) => ({
        ownerId: user.id,
        deviceId: target.id,
        adSpaceId: target.adSpaceId,
        kind: input.kind,
        createdBy: user.id,
        expiresAt,
      })),
    );
    // Told to every instance before answering: a TV online now has it within a second.
    await changes.publishAndWait({
      kind: 'command',
      deviceIds: targets.map((target) => target.id),
    });
    const names = new Map(targets.map((target) => [target.id, target.name]));
    return {
      items: rows.map((row) => toDeviceCommand(row, names.get(row.deviceId) ?? null, now())),
    } satisfies TDeviceCommandList;
  }

  async function list(
    principal: TPrincipal | null,
    adSpaceId: string | undefined,
  ): Promise<TDeviceCommandList> {
    const user = await access.requireAccess(
      principal,
      'commands.list',
      adSpaceId ? [adSpaceId] : [],
    );
    const rows = await repo.list(user.id, adSpaceId);
    const nowMs = now();
    return { items: rows.map((row) => toDeviceCommand(row.command, row.deviceName, nowMs)) };
  }

  /** A TV acknowledges one of its own commands; another's is a 404 like a missing one. */
  async function acknowledge(principal: TPrincipal | null, id: string, ack: TCommandAck) {
    const device = await access.requireAccess(principal, 'player.commands.ack');
    const isOwn = await repo.acknowledge(device.id, id, ack, new Date(now()));
    if (!isOwn) throw notFound('That command');
  }

  /** The TV's screenshot, or why it could not take one; it also finishes the command asking. */
  async function saveScreenshot(principal: TPrincipal | null, shot: TPlayerScreenshot) {
    const device = await access.requireAccess(principal, 'player.screenshot.write');
    const at = new Date(now());
    const isImage = 'jpegBase64' in shot;
    if (isImage && !isJpeg(shot.jpegBase64)) {
      throw new AppError('validation-failed', 'The screenshot is not a JPEG image.');
    }
    await repo.saveScreenshot(
      { deviceId: device.id, ownerId: device.ownerId, adSpaceId: device.adSpaceId },
      isImage
        ? { jpegBase64: shot.jpegBase64, problem: null }
        : { jpegBase64: null, problem: shot.problem },
      at,
    );
    if (shot.commandId) {
      await repo.acknowledge(
        device.id,
        shot.commandId,
        isImage ? { state: 'done' } : { state: 'failed', problem: shot.problem },
        at,
      );
    }
  }

  async function screenshotsOf(
    principal: TPrincipal | null,
    adSpaceId: string,
  ): Promise<TScreenshotList> {
    const user = await access.requireAccess(principal, 'screenshots.read', [adSpaceId]);
    const rows = await repo.screenshotsOf(user.id, adSpaceId);
    return {
      items: rows.map(({ shot, deviceName }) => ({
        deviceId: shot.deviceId,
        deviceName,
        takenAt: shot.takenAt.toISOString(),
        imageUrl: shot.jpegBase64 ? `data:image/jpeg;base64,${shot.jpegBase64}` : null,
        problem: shot.problem,
      })),
    };
  }

  return { send, list, acknowledge, saveScreenshot, screenshotsOf };
}

/** A JPEG starts with FF D8 FF: anything else is refused (the page shows it as an image). */
function isJpeg(base64: string): boolean {
  return Buffer.from(base64.slice(0, 8), 'base64')
    .subarray(0, 3)
    .equals(Buffer.from([0xff, 0xd8, 0xff]));
}

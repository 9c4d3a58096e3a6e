import type { ZSendDeviceCommand } from '@screenline/shared/fleet';
import {
  screenshotImagePath,
  type TAdSpaceScreenshotList,
  type TCommandAck,
  type TDeviceCommandList,
  type TPlayerScreenshot,
  type TScreenshotList,
} from '@screenline/shared/fleet';
import type { z } from 'zod';
import type { TPrincipal } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { TAccessPolicy } from '../access/access-policy';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TScreenGroupDirectory } from '../screens/screen-group-directory';
import { type TCommandsRepository, toDeviceCommand } from './commands.repository';

/** A newest screenshot as the thumbnails read it. */
export interface TScreenshotImage {
  body: Buffer;
  /** The strong validator's value (the ETag without quotes): the TV and the capture's moment. */
  version: string;
  takenAt: Date;
}

/**
 * Remote commands to TVs (issue 23 item 2) and their screenshots (item 3). A command is stored
 * per TV as `sent`, told to the instances holding the TVs' event streams (the player change bus's
 * `command` message) and sent on each stream open until the TV acknowledges it or it expires.
 */
export function createCommandsService(
  repo: TCommandsRepository,
  access: TAccessPolicy,
  changes: Pick<TPlayerChangeBus, 'publishAndWait'>,
  groups: Pick<TScreenGroupDirectory, 'memberIdsOf'>,
  now: () => number = Date.now,
) {
  async function send(principal: TPrincipal | null, input: z.output<typeof ZSendDeviceCommand>) {
    const deviceIds = input.deviceIds ?? [];
    const groupIds = input.groupIds ?? [];
    const user = await access.requireAccess(principal, 'commands.send', input.adSpaceIds ?? []);
    await access.requireAccess(user, 'commands.sendToDevices', deviceIds);
    // Another owner's group is a 404 before anything is stored; a group means its members now.
    await access.requireAccess(user, 'screenGroup.read', groupIds);
    const adSpaceIds = [
      ...new Set([...(input.adSpaceIds ?? []), ...(await groups.memberIdsOf(user.id, groupIds))]),
    ];
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

  /** The newest screenshot of each of the owner's spaces, without its bytes (the thumbnails). */
  async function latestScreenshots(principal: TPrincipal | null): Promise<TAdSpaceScreenshotList> {
    const user = await access.requireAccess(principal, 'screenshots.list');
    const rows = await repo.latestPerAdSpace(user.id);
    return {
      items: rows.map((row) => {
        const takenAt = row.takenAt.toISOString();
        return {
          adSpaceId: row.adSpaceId,
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          takenAt,
          imageUrl: row.hasImage ? screenshotImagePath(row.adSpaceId, takenAt) : null,
          problem: row.hasImage ? null : (row.problem ?? 'The TV could not take a screenshot.'),
        };
      }),
    };
  }

  /** The JPEG of the space's newest capture by any of its TVs; 404 when it has none. */
  async function screenshotImage(
    principal: TPrincipal | null,
    adSpaceId: string,
  ): Promise<TScreenshotImage> {
    const user = await access.requireAccess(principal, 'screenshots.read', [adSpaceId]);
    const row = await repo.newestImageOf(user.id, adSpaceId);
    if (!row) throw notFound('A screenshot of that ad space');
    return {
      body: Buffer.from(row.jpegBase64, 'base64'),
      version: `${row.deviceId}-${row.takenAt.getTime()}`,
      takenAt: row.takenAt,
    };
  }

  return {
    send,
    list,
    acknowledge,
    saveScreenshot,
    screenshotsOf,
    latestScreenshots,
    screenshotImage,
  };
}

/** A JPEG starts with FF D8 FF: anything else is refused (the page shows it as an image). */
function isJpeg(base64: string): boolean {
  return Buffer.from(base64.slice(0, 8), 'base64')
    .subarray(0, 3)
    .equals(Buffer.from([0xff, 0xd8, 0xff]));
}

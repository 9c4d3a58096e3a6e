import type { z } from 'zod';
import type { TTakeover, TTakeoverList, ZStartTakeover } from '@screenline/shared/fleet';
import type { TPrincipal } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { TAccessPolicy } from '../access/access-policy';
import type { TContentDirectory } from '../content/content-directory';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import type { TScreenGroupDirectory } from '../screens/screen-group-directory';
import type { TTakeoversRepository } from './takeovers.repository';

/**
 * Emergency takeovers (issue 23 item 6): a message, an image or a playlist that replaces
 * everything on the chosen screens, ads included, until it is ended or expires. It rides in the
 * space's manifest (player/manifest.ts), so starting or ending one is a `content` change: online
 * TVs fetch it within seconds, and a TV that reconnects later gets it from its manifest. Ad plays
 * during it are refused by the arrival rules (proof-of-play, verdict `takeover`).
 */
export function createTakeoversService(
  repo: TTakeoversRepository,
  access: TAccessPolicy,
  content: Pick<TContentDirectory, 'findForPlaylist'>,
  changes: Pick<TPlayerChangeBus, 'publishAndWait'>,
  groups: Pick<TScreenGroupDirectory, 'memberIdsOf'>,
  now: () => number = Date.now,
) {
  async function start(
    principal: TPrincipal | null,
    input: z.output<typeof ZStartTakeover>,
  ): Promise<TTakeover> {
    const user = await access.requireAccess(principal, 'takeover.start', input.adSpaceIds ?? []);
    const groupIds = input.groupIds ?? [];
    await access.requireAccess(user, 'screenGroup.read', groupIds);
    if (input.kind === 'image' && input.contentId) {
      await access.requireAccess(user, 'content.read', [input.contentId]);
      const [item] = await content.findForPlaylist(user.id, [input.contentId]);
      if (item?.kind !== 'image' || item.processingState !== 'ready') {
        throw new AppError('validation-failed', 'Choose an image that has finished processing.');
      }
    }
    if (input.kind === 'playlist' && input.playlistId) {
      await access.requireAccess(user, 'playlist.read', [input.playlistId]);
    }
    // A group means its members now: the log keeps the spaces it went to, whatever the group
    // holds later.
    const adSpaceIds = input.allAdSpaces
      ? await repo.allAdSpaceIds(user.id)
      : [
          ...new Set([
            ...(input.adSpaceIds ?? []),
            ...(await groups.memberIdsOf(user.id, groupIds)),
          ]),
        ];
    if (adSpaceIds.length === 0) {
      throw new AppError(
        'invalid-state',
        input.allAdSpaces
          ? 'You have no ad spaces to take over.'
          : 'The groups you chose hold no screens.',
      );
    }
    const startedAt = new Date(now());
    const row = await repo.insert(
      {
        ownerId: user.id,
        kind: input.kind,
        message: input.kind === 'message' ? (input.message ?? null) : null,
        contentId: input.kind === 'image' ? (input.contentId ?? null) : null,
        playlistId: input.kind === 'playlist' ? (input.playlistId ?? null) : null,
        startedBy: user.id,
        startedByName: user.name,
        startedAt,
        endsAt: new Date(startedAt.getTime() + input.durationMinutes * 60_000),
      },
      adSpaceIds,
    );
    // Every instance drops the spaces' manifests and tells their TVs before this answers.
    await changes.publishAndWait({ kind: 'content', adSpaceIds });
    const [view] = await repo.viewsOf([row], now());
    if (!view) throw new Error('The takeover was not read back.');
    return view;
  }

  async function list(principal: TPrincipal | null): Promise<TTakeoverList> {
    const user = await access.requireAccess(principal, 'takeover.list');
    return { items: await repo.viewsOf(await repo.list(user.id), now()) };
  }

  /** Ends it for every screen at once; ending one that already ended changes nothing. */
  async function end(principal: TPrincipal | null, id: string): Promise<TTakeover> {
    const user = await access.requireAccess(principal, 'takeover.end', [id]);
    const ended = await repo.end(id, user.id, new Date(now()));
    if (!ended) throw notFound('That takeover');
    await changes.publishAndWait({ kind: 'content', adSpaceIds: ended.adSpaceIds });
    const [view] = await repo.viewsOf([ended.row], now());
    if (!view) throw notFound('That takeover');
    return view;
  }

  /** A TV says it shows the takeover: logged once per TV; another space's is a 404. */
  async function shown(principal: TPrincipal | null, id: string): Promise<void> {
    const device = await access.requireAccess(principal, 'player.takeover.ack');
    const isOwn = await repo.recordShown(
      { deviceId: device.id, ownerId: device.ownerId, adSpaceId: device.adSpaceId },
      id,
      new Date(now()),
    );
    if (!isOwn) throw notFound('That takeover');
  }

  return { start, list, end, shown, findOwners: (ids: readonly string[]) => repo.findOwners(ids) };
}

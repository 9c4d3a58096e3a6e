// Playlists in use through the API: copies, the list (paged, by name, with lengths and where each
// is used), and what a playlist or a library item being used keeps from deletion.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import { ZPlaylistDetail, ZPlaylistList, type TPlaylistDetail } from '@screenline/shared/playlist';
import { createPlaylistsRepository } from './playlists.repository';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import {
  addContent,
  insertAdSpace,
  setDefaultPlaylist,
  signUpScreenOwner,
} from '../../../test/screen-rows';
import type { TStorageUser } from '../../../test/storage-helpers';
import { usePlaylistsApp } from '../../../test/playlists-app';

describe.each(BACKENDS)('playlists on %s', (backend) => {
  const playlists = usePlaylistsApp(backend);
  const { image, video, adSlot, call, createPlaylist, getPlaylist, listAll, errorOf } = playlists;
  let t: TTestApp;
  let ann: TStorageUser;
  let ben: TStorageUser;
  let poster: TContentItem;
  let clip: TContentItem;
  let bensImage: TContentItem;

  beforeAll(() => {
    ({ t, ann, ben, poster, clip, bensImage } = playlists.world());
  });

  it('duplicates a playlist as “<name> (copy)” or under a given name', async () => {
    const source = await createPlaylist(ann, 'Weekend', [
      image(poster, 20),
      video(clip),
      adSlot(10),
    ]);
    await call(ann, 'PATCH', `/api/v1/playlists/${source.id}`, { name: 'Weekend' });
    const res = await call(ann, 'POST', `/api/v1/playlists/${source.id}/duplicate`, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = ZPlaylistDetail.parse(res.json());
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: 'Weekend (copy)',
      version: 1,
      itemCount: 3,
      durationSeconds: source.durationSeconds,
      items: source.items,
      content: source.content,
      usage: { defaultFor: [], scheduledOn: [] },
    });
    // Without a body at all, too.
    const bare = await t.request({
      method: 'POST',
      url: `/api/v1/playlists/${source.id}/duplicate`,
      cookie: ann.cookie,
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(ZPlaylistDetail.parse(bare.json()).name).toBe('Weekend (copy)');

    const named = await call(ann, 'POST', `/api/v1/playlists/${source.id}/duplicate`, {
      name: 'Holiday weekend',
    });
    expect(ZPlaylistDetail.parse(named.json()).name).toBe('Holiday weekend');
    // A name at the limit is shortened to leave room for the suffix.
    const longest = await createPlaylist(ann, 'L'.repeat(200));
    const longCopy = await call(ann, 'POST', `/api/v1/playlists/${longest.id}/duplicate`, {});
    expect(ZPlaylistDetail.parse(longCopy.json()).name).toBe(`${'L'.repeat(193)} (copy)`);
    const badName = await call(ann, 'POST', `/api/v1/playlists/${source.id}/duplicate`, {
      name: '',
    });
    expect(badName.statusCode).toBe(400);
    // The source is untouched.
    expect((await getPlaylist(ann, source.id)).version).toBe(2);
  });

  it('lists by name a page at a time, with lengths and where each is used, and filters by name', async () => {
    const carol = await signUpScreenOwner(t);
    const image1 = await addContent(t, carol, 'image', 'Menu');
    const long = await addContent(t, carol, 'video', 'Long video', 120_000);
    const short = await addContent(t, carol, 'video', 'Short video', 2_250);
    const names = ['delta', 'Alpha', 'charlie', 'bravo 50%', 'Echo', 'alpha'];
    const made: Record<string, TPlaylistDetail> = {};
    for (const name of names) {
      made[name] = await createPlaylist(carol, name, [
        image(image1, 7),
        video(long),
        video(short),
        adSlot(15),
      ]);
    }
    const lobby = await insertAdSpace(t, carol.userId, {
      name: 'Lobby',
      defaultPlaylistId: made.delta!.id,
    });
    const window = await insertAdSpace(t, carol.userId, {
      name: 'Window',
      defaultPlaylistId: made.delta!.id,
    });
    const entries: string[] = [];
    for (const [adSpaceId, startTime] of [
      [window, '09:00'],
      [lobby, '18:00'],
    ] as const) {
      const res = await call(carol, 'POST', '/api/v1/schedule-entries', {
        adSpaceId,
        playlistId: made.charlie!.id,
        firstDay: '2026-02-02',
        weekdays: [6, 7],
        startTime,
        endTime: '20:00',
        priority: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
      entries.push(res.json<{ id: string }>().id);
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const res = await call(
        carol,
        'GET',
        `/api/v1/playlists?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const list = ZPlaylistList.parse(res.json());
      expect(list.items.length).toBeLessThanOrEqual(4);
      for (const summary of list.items) {
        seen.push(summary.id);
        // 7 s + 120 s + 2.25 s + 15 s.
        expect(summary).toMatchObject({
          itemCount: 4,
          durationSeconds: 144.25,
          adSlotSeconds: 15,
          version: 1,
        });
        expect(summary).not.toHaveProperty('items');
      }
      cursor = list.nextCursor;
      if (!cursor) break;
    }
    // By lower(name), then id: the two alphas in id order.
    const alphas = [made.Alpha!.id, made.alpha!.id].sort();
    expect(seen).toEqual([
      ...alphas,
      made['bravo 50%']!.id,
      made.charlie!.id,
      made.delta!.id,
      made.Echo!.id,
    ]);

    const all = await listAll(carol);
    expect(all.find((p) => p.name === 'delta')!.usage).toEqual({
      defaultFor: [
        { id: lobby, name: 'Lobby' },
        { id: window, name: 'Window' },
      ],
      scheduledOn: [],
    });
    expect(all.find((p) => p.name === 'charlie')!.usage).toEqual({
      defaultFor: [],
      scheduledOn: [
        { scheduleEntryId: entries[1], adSpaceId: lobby, adSpaceName: 'Lobby' },
        { scheduleEntryId: entries[0], adSpaceId: window, adSpaceName: 'Window' },
      ],
    });
    expect(all.find((p) => p.name === 'Echo')!.usage).toEqual({ defaultFor: [], scheduledOn: [] });

    expect((await listAll(carol, '&q=ALPHA')).map((p) => p.name).sort()).toEqual([
      'Alpha',
      'alpha',
    ]);
    // % is a character to search for, not a wildcard.
    expect((await listAll(carol, '&q=0%25')).map((p) => p.name)).toEqual(['bravo 50%']);
    expect(await listAll(carol, '&q=nothing-like-this')).toEqual([]);
    const garbage = await call(carol, 'GET', '/api/v1/playlists?cursor=garbage');
    expect(garbage.statusCode).toBe(400);
  });

  it('refuses to delete a playlist an ad space or a schedule entry plays, naming them', async () => {
    const playlist = await createPlaylist(ann, 'Busy', [image(poster)]);
    const space = await insertAdSpace(t, ann.userId, {
      name: 'Entrance',
      defaultPlaylistId: playlist.id,
    });
    const scheduledSpace = await insertAdSpace(t, ann.userId, { name: 'Checkout' });
    const created = await call(ann, 'POST', '/api/v1/schedule-entries', {
      adSpaceId: scheduledSpace,
      playlistId: playlist.id,
      firstDay: '2026-03-01',
      weekdays: [1],
      startTime: '08:00',
      endTime: '10:00',
      priority: 50,
    });
    const entryId = created.json<{ id: string }>().id;

    const refused = await call(ann, 'DELETE', `/api/v1/playlists/${playlist.id}`);
    expect(refused.statusCode).toBe(409);
    const error = errorOf(refused.json());
    expect(error).toMatchObject({
      code: 'in-use',
      details: {
        references: [
          { kind: 'adSpace', id: space, name: 'Entrance' },
          { kind: 'scheduleEntry', id: entryId, name: 'Checkout, 08:00–10:00 from 2026-03-01' },
        ],
      },
    });
    expect(error.message).toContain('ad space “Entrance”');
    expect((await getPlaylist(ann, playlist.id)).name).toBe('Busy');

    // Once the schedule entry is gone, only the default use remains.
    expect((await call(ann, 'DELETE', `/api/v1/schedule-entries/${entryId}`)).statusCode).toBe(204);
    const still = await call(ann, 'DELETE', `/api/v1/playlists/${playlist.id}`);
    expect(errorOf(still.json()).details).toEqual({
      references: [{ kind: 'adSpace', id: space, name: 'Entrance' }],
    });
    await setDefaultPlaylist(t, space, null);
    // A reference made after the service looked is caught by the foreign key, as `in-use`.
    const repo = createPlaylistsRepository(t.app.deps.db);
    await setDefaultPlaylist(t, scheduledSpace, playlist.id);
    expect(await repo.delete(ann.userId, playlist.id)).toBe('in-use');
    await setDefaultPlaylist(t, scheduledSpace, null);
    expect((await call(ann, 'DELETE', `/api/v1/playlists/${playlist.id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/api/v1/playlists/${playlist.id}`)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/api/v1/playlists/${playlist.id}`)).statusCode).toBe(404);
  });

  it('keeps a library item a playlist uses: deleting it is refused, naming the playlists', async () => {
    const used = await addContent(t, ann, 'video', 'Opening hours');
    const first = await createPlaylist(ann, 'Front door', [video(used)]);
    const second = await createPlaylist(ann, 'Back door', [
      image(poster),
      video(used),
      video(used),
    ]);
    // Ben's playlists are not Ann's business, even if they could name her item.
    await createPlaylist(ben, 'Unrelated', [image(bensImage)]);

    const refused = await call(ann, 'DELETE', `/api/v1/content/${used.id}`);
    expect(refused.statusCode).toBe(409);
    const error = errorOf(refused.json());
    expect(error).toMatchObject({
      code: 'in-use',
      details: {
        references: [
          { kind: 'playlist', id: second.id, name: 'Back door' },
          { kind: 'playlist', id: first.id, name: 'Front door' },
        ],
      },
    });
    expect(error.message).toContain('Front door');
    expect((await call(ann, 'GET', `/api/v1/content/${used.id}`)).statusCode).toBe(200);

    await call(ann, 'PATCH', `/api/v1/playlists/${first.id}`, { items: [] });
    expect((await call(ann, 'DELETE', `/api/v1/playlists/${second.id}`)).statusCode).toBe(204);
    expect((await call(ann, 'DELETE', `/api/v1/content/${used.id}`)).statusCode).toBe(204);
  });
});

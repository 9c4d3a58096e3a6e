// What the playlists API tests (modules/screens/playlists-*.test.ts) share: the app on one
// backend with two screen owners, Ann (an image "Spring poster" and a 15.5 s video "Lobby clip"
// in her library) and Ben (an image), made before a file's tests and closed after; and
// shorthands for playlist items and requests.
import { afterAll, beforeAll, expect } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import { ZApiError } from '@screenline/shared/errors';
import {
  type TPlaylistDetail,
  type TPlaylistItemInput,
  ZPlaylistDetail,
  ZPlaylistList,
} from '@screenline/shared/playlist';
import { createTestApp, type TBackend, type TTestApp } from './harness';
import { addContent, signUpScreenOwner } from './screen-rows';
import type { TStorageUser } from './storage-helpers';

interface TPlaylistsWorld {
  t: TTestApp;
  ann: TStorageUser;
  ben: TStorageUser;
  poster: TContentItem;
  clip: TContentItem;
  bensImage: TContentItem;
}

/**
 * Registers the app's setup and teardown in the calling `describe`. `world()` gives its people
 * and library items once the setup has run: read it in the describe's own `beforeAll`, which
 * runs after.
 */
export function usePlaylistsApp(backend: TBackend) {
  let world: TPlaylistsWorld | undefined;
  const made = (): TPlaylistsWorld => {
    if (!world) throw new Error('the playlists app is made in beforeAll');
    return world;
  };
  beforeAll(async () => {
    const t = await createTestApp(backend);
    const [ann, ben] = [await signUpScreenOwner(t), await signUpScreenOwner(t)];
    const poster = await addContent(t, ann, 'image', 'Spring poster');
    const clip = await addContent(t, ann, 'video', 'Lobby clip', 15_500);
    const bensImage = await addContent(t, ben, 'image', 'Ben’s image');
    world = { t, ann, ben, poster, clip, bensImage };
  });
  afterAll(() => world?.t.close());

  let itemIds = 0;
  const image = (content: TContentItem, durationSeconds?: number): TPlaylistItemInput => ({
    id: `item-${(itemIds += 1)}`,
    type: 'content',
    contentId: content.id,
    kind: 'image',
    ...(durationSeconds === undefined ? {} : { durationSeconds }),
  });
  const video = (content: TContentItem): TPlaylistItemInput => ({
    id: `item-${(itemIds += 1)}`,
    type: 'content',
    contentId: content.id,
    kind: 'video',
  });
  const adSlot = (lengthSeconds: number): TPlaylistItemInput => ({
    id: `item-${(itemIds += 1)}`,
    type: 'adSlot',
    lengthSeconds,
  });

  const call = (
    user: TStorageUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    made().t.request({
      method,
      url,
      cookie: user?.cookie,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createPlaylist(
    user: TStorageUser,
    name: string,
    items: TPlaylistItemInput[] = [],
  ): Promise<TPlaylistDetail> {
    const res = await call(user, 'POST', '/api/v1/playlists', { name, items });
    expect(res.statusCode, res.body).toBe(201);
    return ZPlaylistDetail.parse(res.json());
  }

  async function getPlaylist(user: TStorageUser, id: string): Promise<TPlaylistDetail> {
    const res = await call(user, 'GET', `/api/v1/playlists/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPlaylistDetail.parse(res.json());
  }

  async function listAll(user: TStorageUser, query = '') {
    const res = await call(user, 'GET', `/api/v1/playlists?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPlaylistList.parse(res.json()).items;
  }

  const errorOf = (body: unknown) => ZApiError.parse(body).error;

  return {
    world: made,
    image,
    video,
    adSlot,
    call,
    createPlaylist,
    getPlaylist,
    listAll,
    errorOf,
  };
}

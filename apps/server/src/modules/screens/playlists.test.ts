import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import { ZApiError } from '@screenline/shared/errors';
import {
  type TPlaylistItemInput,
  ZPlaylistDetail,
  ZPlaylistList,
  type TPlaylistDetail,
} from '@screenline/shared/playlist';
import { contentItem } from '../../db/schema/index';
import { createPlaylistsRepository } from './playlists.repository';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  addContent,
  contentVersionOf,
  fieldErrorsOf,
  insertAdSpace,
  setDefaultPlaylist,
  signUpScreenOwner,
} from '../../../test/screen-rows';
import type { TStorageUser } from '../../../test/storage-helpers';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('playlists on %s', (backend) => {
  let t: TTestApp;
  let ann: TStorageUser;
  let ben: TStorageUser;
  let poster: TContentItem;
  let clip: TContentItem;
  let bensImage: TContentItem;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpScreenOwner(t), await signUpScreenOwner(t)];
    poster = await addContent(t, ann, 'image', 'Spring poster');
    clip = await addContent(t, ann, 'video', 'Lobby clip', 15_500);
    bensImage = await addContent(t, ben, 'image', 'Ben’s image');
  });
  afterAll(() => t.close());

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
    t.request({
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

  it('answers 401 signed out and 403 to a publisher on every route', async () => {
    const publisher = await t.signUp();
    await t.request({
      method: 'PATCH',
      url: '/api/v1/me',
      cookie: publisher.cookie,
      payload: { role: 'publisher' },
    });
    const mine = await createPlaylist(ann, 'Guarded');
    for (const [method, url, payload] of [
      ['GET', '/api/v1/playlists', undefined],
      ['POST', '/api/v1/playlists', { name: 'x', items: [] }],
      ['GET', `/api/v1/playlists/${mine.id}`, undefined],
      ['PATCH', `/api/v1/playlists/${mine.id}`, { name: 'x' }],
      ['DELETE', `/api/v1/playlists/${mine.id}`, undefined],
      ['POST', `/api/v1/playlists/${mine.id}/duplicate`, {}],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await t.request({
        method,
        url,
        cookie: publisher.cookie,
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await getPlaylist(ann, mine.id)).name).toBe('Guarded');
  });

  it('creates a playlist of images, videos and ad slots with its length and library items', async () => {
    const created = await createPlaylist(ann, '  Morning loop  ', [
      image(poster),
      video(clip),
      image(poster, 5),
      adSlot(30),
    ]);
    expect(created).toMatchObject({
      name: 'Morning loop',
      version: 1,
      itemCount: 4,
      // 10 s (the default) + 15.5 s (the video's length in the library) + 5 s + 30 s.
      durationSeconds: 60.5,
      usage: { defaultFor: [], scheduledOn: [] },
    });
    expect(created.items[0]).toMatchObject({ kind: 'image', durationSeconds: 10 });
    expect(created.items.map((item) => item.type)).toEqual([
      'content',
      'content',
      'content',
      'adSlot',
    ]);
    // Each library item once, in the order it first appears, with its links.
    expect(created.content.map((item) => item.id)).toEqual([poster.id, clip.id]);
    expect(created.content[0]).toEqual(poster);
    const media = await t.request({ method: 'GET', url: created.content[1]!.mediaUrl! });
    expect(media.statusCode).toBe(200);

    expect(await getPlaylist(ann, created.id)).toEqual(created);
  });

  it('refuses invalid playlists with 400 and field messages, and changes nothing', async () => {
    const before = await listAll(ann);
    for (const payload of [
      {},
      { name: '   ', items: [] },
      { name: 'x'.repeat(201), items: [] },
      { name: 'No items' },
      { name: 'x', items: [{ ...image(poster), durationSeconds: 0 }] },
      { name: 'x', items: [{ ...image(poster), durationSeconds: 86_401 }] },
      { name: 'x', items: [{ ...image(poster), durationSeconds: 1.5 }] },
      { name: 'x', items: [adSlot(0)] },
      { name: 'x', items: [adSlot(3601)] },
      { name: 'x', items: [{ ...video(clip), durationSeconds: 5 }] },
      { name: 'x', items: [{ id: 'a', type: 'text', text: 'hello' }] },
      {
        name: 'x',
        items: [
          { ...adSlot(5), id: 'same' },
          { ...adSlot(5), id: 'same' },
        ],
      },
      { name: 'x', items: [], colour: 'red' },
      // PostgreSQL can store neither a NUL nor half a surrogate pair in jsonb.
      { name: 'x', items: [{ ...adSlot(5), id: 'a\u0000b' }] },
      { name: 'x', items: [{ ...adSlot(5), id: 'a\ud800b' }] },
    ]) {
      const res = await call(ann, 'POST', '/api/v1/playlists', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(res.json());
      expect(error.code).toBe('validation-failed');
      const fields = fieldErrorsOf(res.json());
      expect(fields.length, JSON.stringify(payload)).toBeGreaterThan(0);
      for (const field of fields) expect(field.path).toMatch(/^body/);
    }
    const long = await call(ann, 'POST', '/api/v1/playlists', {
      name: 'x',
      items: [{ ...image(poster), durationSeconds: 86_401 }],
    });
    expect(errorOf(long.json()).message).toContain('At most 24 hours.');

    // The kind must be the library item's: the refusal names the item.
    const wrongKind = await call(ann, 'POST', '/api/v1/playlists', {
      name: 'Wrong kind',
      items: [adSlot(5), { ...image(clip) }],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(errorOf(wrongKind.json())).toMatchObject({
      code: 'validation-failed',
      details: {
        fields: [
          {
            path: 'body.items.1.kind',
            message: 'Item 2, “Lobby clip”, is a video in the library, not an image.',
          },
        ],
      },
    });
    expect(await listAll(ann)).toEqual(before);

    const playlist = await createPlaylist(ann, 'Stays as it is', [image(poster)]);
    for (const payload of [
      { name: '' },
      { items: [adSlot(-1)] },
      { items: [video(poster)] },
      { version: 7 },
    ]) {
      const res = await call(ann, 'PATCH', `/api/v1/playlists/${playlist.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.json()).details).toHaveProperty('fields');
    }
    for (const url of ['/api/v1/playlists/not-a-uuid', '/api/v1/playlists?limit=0']) {
      expect((await call(ann, 'GET', url)).statusCode, url).toBe(400);
    }
    expect(await getPlaylist(ann, playlist.id)).toEqual(playlist);
  });

  it('accepts library items still processing and refuses ones whose processing failed', async () => {
    const pending = await addContent(t, ann, 'video', 'Still processing');
    const broken = await addContent(t, ann, 'image', 'Broken upload');
    const db = t.app.deps.db;
    await db
      .update(contentItem)
      .set({ processingState: 'processing' })
      .where(eq(contentItem.id, pending.id));
    await db
      .update(contentItem)
      .set({ processingState: 'failed' })
      .where(eq(contentItem.id, broken.id));

    const accepted = await createPlaylist(ann, 'With a processing video', [video(pending)]);
    expect(accepted.content[0]).toMatchObject({ id: pending.id, processingState: 'processing' });

    const refused = await call(ann, 'POST', '/api/v1/playlists', {
      name: 'With a failed image',
      items: [image(poster), image(broken)],
    });
    expect(refused.statusCode).toBe(400);
    const [field, ...more] = fieldErrorsOf(refused.json());
    expect(more).toEqual([]);
    expect(field?.path).toBe('body.items.1.contentId');
    expect(field?.message).toContain('“Broken upload”');
  });

  it('answers 404 for another owner’s or missing library items and playlists, and changes nothing', async () => {
    const before = await listAll(ann);
    for (const contentId of [bensImage.id, MISSING, 'not-a-uuid']) {
      const res = await call(ann, 'POST', '/api/v1/playlists', {
        name: 'Borrowed',
        items: [image(poster), { ...image(poster), contentId }],
      });
      expect(res.statusCode, contentId).toBe(404);
      expect(errorOf(res.json()).code).toBe('not-found');
    }
    expect(await listAll(ann)).toEqual(before);

    const bens = await createPlaylist(ben, 'Ben’s loop', [image(bensImage)]);
    const mine = await createPlaylist(ann, 'Mine', [image(poster)]);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/playlists/${bens.id}`, undefined],
      ['PATCH', `/api/v1/playlists/${bens.id}`, { name: 'Taken' }],
      ['DELETE', `/api/v1/playlists/${bens.id}`, undefined],
      ['POST', `/api/v1/playlists/${bens.id}/duplicate`, {}],
      ['GET', `/api/v1/playlists/${MISSING}`, undefined],
      // Putting someone else's item into one's own playlist.
      ['PATCH', `/api/v1/playlists/${mine.id}`, { items: [image(bensImage)] }],
    ] as const) {
      const res = await call(ann, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await getPlaylist(ben, bens.id)).toEqual(bens);
    expect(await getPlaylist(ann, mine.id)).toEqual(mine);
    expect((await listAll(ann)).map((p) => p.id)).not.toContain(bens.id);
  });

  it('replaces the items on PATCH, bumps the version and the content version of the spaces playing it', async () => {
    const playlist = await createPlaylist(ann, 'Lunch', [image(poster)]);
    const other = await createPlaylist(ann, 'Evening', [image(poster)]);
    const byDefault = await insertAdSpace(t, ann.userId, { defaultPlaylistId: playlist.id });
    const scheduled = await insertAdSpace(t, ann.userId);
    const unrelated = await insertAdSpace(t, ann.userId, { defaultPlaylistId: other.id });
    const entry = await call(ann, 'POST', '/api/v1/schedule-entries', {
      adSpaceId: scheduled,
      playlistId: playlist.id,
      firstDay: '2026-01-05',
      weekdays: [1, 2, 3, 4, 5],
      startTime: '11:00',
      endTime: '14:00',
      priority: 10,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const versions = async () =>
      Promise.all([byDefault, scheduled, unrelated].map((id) => contentVersionOf(t, id)));
    const [a, b, c] = await versions();

    const res = await call(ann, 'PATCH', `/api/v1/playlists/${playlist.id}`, {
      items: [video(clip), adSlot(15)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = ZPlaylistDetail.parse(res.json());
    expect(updated).toMatchObject({
      name: 'Lunch',
      version: 2,
      itemCount: 2,
      durationSeconds: 30.5,
      // A TV on a screen without monetization skips the ad slot: 15.5 s there.
      adSlotSeconds: 15,
    });
    expect(updated.content.map((item) => item.id)).toEqual([clip.id]);
    expect(await versions()).toEqual([a! + 1, b! + 1, c]);

    const renamed = ZPlaylistDetail.parse(
      (await call(ann, 'PATCH', `/api/v1/playlists/${playlist.id}`, { name: 'Lunchtime' })).json(),
    );
    expect(renamed).toMatchObject({ name: 'Lunchtime', version: 3, itemCount: 2 });
    expect(renamed.items).toEqual(updated.items);
    expect(await versions()).toEqual([a! + 2, b! + 2, c]);

    // An empty change saves nothing.
    const unchanged = await call(ann, 'PATCH', `/api/v1/playlists/${playlist.id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(ZPlaylistDetail.parse(unchanged.json()).version).toBe(3);
    expect(await versions()).toEqual([a! + 2, b! + 2, c]);
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

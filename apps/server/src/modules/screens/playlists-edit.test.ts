// Making and changing playlists through the API: who may, what a valid playlist is (400s with
// field messages), library items that are missing, another owner's or still processing, and
// replacing the items, which bumps the content version of the spaces playing it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { contentItem } from '../../db/schema/index';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import {
  addContent,
  contentVersionOf,
  fieldErrorsOf,
  insertAdSpace,
} from '../../../test/screen-rows';
import type { TStorageUser } from '../../../test/storage-helpers';
import { usePlaylistsApp } from '../../../test/playlists-app';

const MISSING = '00000000-0000-4000-8000-000000000000';
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
});

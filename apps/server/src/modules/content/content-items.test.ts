// Library items through the API: adding images and videos with what storage knows of their files,
// the 400s, 401s, 404s and 409s that change nothing, listing a page at a time, and renaming.
import { beforeAll, describe, expect, it } from 'vitest';
import { ZContentItem } from '@screenline/shared/content';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import {
  md5Base64,
  mediaBytes,
  signUpForStorage,
  type TStorageUser,
  uploadResumable,
} from '../../../test/storage-helpers';
import { useContentApp } from '../../../test/content-app';

describe.each(BACKENDS)('content library on %s', (backend) => {
  const content = useContentApp(backend);
  const { upload, create, createImage, list } = content;
  let t: TTestApp;
  let ann: TStorageUser;
  let ben: TStorageUser;

  beforeAll(() => {
    ({ t, ann, ben } = content.world());
  });

  it('answers 401 on every route when signed out', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/v1/content'],
      ['POST', '/api/v1/content'],
      ['GET', `/api/v1/content/${id}`],
      ['PATCH', `/api/v1/content/${id}`],
      ['DELETE', `/api/v1/content/${id}`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        ...(method === 'POST'
          ? { payload: { name: 'x', objectPath: 'x', kind: 'image', width: 1, height: 1 } }
          : method === 'PATCH'
            ? { payload: { name: 'x' } }
            : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds an image with size, checksum and type taken from storage', async () => {
    const { objectPath, data, meta } = await upload(ann, 'image/png', 1234);
    const res = await create(ann, {
      name: '  Spring poster  ',
      objectPath,
      kind: 'image',
      width: 1080,
      height: 1920,
    });
    expect(res.statusCode).toBe(201);
    const item = ZContentItem.parse(res.json());
    expect(item).toMatchObject({
      name: 'Spring poster',
      kind: 'image',
      objectPath,
      contentType: 'image/png',
      sizeBytes: 1234,
      md5: md5Base64(data),
      width: 1080,
      height: 1920,
      durationMs: null,
      posterPath: null,
      posterUrl: null,
      processingState: 'ready',
    });
    expect(item.md5).toBe(meta.md5Hash);
    const media = await t.request({ method: 'GET', url: item.mediaUrl! });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(data)).toBe(true);

    const got = await t.request({
      method: 'GET',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(item);
  });

  it('adds a video with its duration and poster frame', async () => {
    const videoPath = `users/${ann.userId}/content/clip.webm`;
    const video = mediaBytes('video/webm', 400 * 1024, 77);
    await uploadResumable(t, ann, videoPath, video, 'video/webm');
    const poster = await upload(ann, 'image/jpeg');
    const res = await create(ann, {
      name: 'Clip',
      objectPath: videoPath,
      kind: 'video',
      width: 3840,
      height: 2160,
      durationMs: 15_500,
      posterPath: poster.objectPath,
    });
    expect(res.statusCode).toBe(201);
    const item = ZContentItem.parse(res.json());
    expect(item).toMatchObject({
      kind: 'video',
      contentType: 'video/webm',
      sizeBytes: video.length,
      durationMs: 15_500,
      posterPath: poster.objectPath,
    });
    const posterBytes = await t.request({ method: 'GET', url: item.posterUrl! });
    expect(posterBytes.rawPayload.equals(poster.data)).toBe(true);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const image = await upload(ann, 'image/webp');
    const video = await upload(ann, 'video/mp4');
    const before = (await list(ann, 'limit=100')).items.length;
    for (const payload of [
      {},
      { name: '', objectPath: image.objectPath, kind: 'image', width: 1, height: 1 },
      { name: 'x', objectPath: image.objectPath, kind: 'image', width: 0, height: 1 },
      { name: 'x', objectPath: image.objectPath, kind: 'gif', width: 1, height: 1 },
      {
        name: 'x',
        objectPath: image.objectPath,
        kind: 'image',
        width: 1,
        height: 1,
        durationMs: 5,
      },
      { name: 'x', objectPath: video.objectPath, kind: 'video', width: 1, height: 1 },
      { name: 'x', objectPath: image.objectPath, kind: 'image', width: 1, height: 1, sizeBytes: 1 },
      // The kind must match the stored file's type.
      { name: 'x', objectPath: video.objectPath, kind: 'image', width: 1, height: 1 },
      // A poster must be an image.
      {
        name: 'x',
        objectPath: video.objectPath,
        kind: 'video',
        width: 1,
        height: 1,
        durationMs: 1,
        posterPath: video.objectPath,
      },
    ]) {
      const res = await create(ann, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('error.message');
    }
    expect((await list(ann, 'limit=100')).items.length).toBe(before);
    for (const url of [
      '/api/v1/content/not-a-uuid',
      '/api/v1/content?limit=0',
      '/api/v1/content?sort=colour',
      '/api/v1/content?cursor=garbage',
    ]) {
      expect((await t.request({ method: 'GET', url, cookie: ann.cookie })).statusCode, url).toBe(
        400,
      );
    }
    const item = await createImage(ann, 'Keep my name');
    const rename = await t.request({
      method: 'PATCH',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
      payload: { name: '   ' },
    });
    expect(rename.statusCode).toBe(400);
  });

  it('answers 404 for missing files and other users’ files and items, and 409 for a file added twice', async () => {
    const missing = await create(ann, {
      name: 'x',
      objectPath: `users/${ann.userId}/content/nothing.png`,
      kind: 'image',
      width: 1,
      height: 1,
    });
    expect(missing.statusCode).toBe(404);
    const bens = await upload(ben, 'image/png');
    const foreign = await create(ann, {
      name: 'x',
      objectPath: bens.objectPath,
      kind: 'image',
      width: 1,
      height: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPoster = await create(ann, {
      name: 'x',
      objectPath: (await upload(ann, 'video/mp4')).objectPath,
      kind: 'video',
      width: 1,
      height: 1,
      durationMs: 1,
      posterPath: bens.objectPath,
    });
    expect(foreignPoster.statusCode).toBe(404);

    const item = await createImage(ann, 'Mine');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request({
        method,
        url: `/api/v1/content/${item.id}`,
        cookie: ben.cookie,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found' } });
      const unknown = await t.request({
        method,
        url: '/api/v1/content/00000000-0000-4000-8000-000000000000',
        cookie: ann.cookie,
        ...(payload ? { payload } : {}),
      });
      expect(unknown.statusCode, method).toBe(404);
      // The same answer for both, so an id cannot be probed for existence.
      expect(res.json(), method).toEqual(unknown.json());
    }
    const after = await t.request({
      method: 'GET',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
    });
    expect(ZContentItem.parse(after.json()).name).toBe('Mine');
    expect((await list(ben, 'limit=100')).items.map((i) => i.id)).not.toContain(item.id);
    const again = await create(ann, {
      name: 'Twice',
      objectPath: item.objectPath,
      kind: 'image',
      width: 1,
      height: 1,
    });
    expect(again.statusCode).toBe(409);
  });

  it('lists a page at a time, filtered, searched and sorted', async () => {
    const user = await signUpForStorage(t);
    const names = ['delta', 'Alpha', 'charlie', 'bravo 50%', 'echo'];
    for (const [i, name] of names.entries()) await createImage(user, name, 100 * (i + 1));
    const { objectPath } = await upload(user, 'video/mp4', 50);
    await create(user, {
      name: 'zulu video',
      objectPath,
      kind: 'video',
      width: 1,
      height: 1,
      durationMs: 10,
    });

    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page += 1) {
        const result = await list(user, `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(result.items.length).toBeLessThanOrEqual(2);
        seen.push(...result.items.map((item) => item.name));
        cursor = result.nextCursor;
        if (!cursor) return seen;
      }
      throw new Error('too many pages');
    };
    expect(await walk('sort=name&order=asc')).toEqual([
      'Alpha',
      'bravo 50%',
      'charlie',
      'delta',
      'echo',
      'zulu video',
    ]);
    expect(await walk('sort=size&order=desc')).toEqual([
      'echo',
      'bravo 50%',
      'charlie',
      'Alpha',
      'delta',
      'zulu video',
    ]);
    expect(await walk('sort=createdAt&order=desc')).toEqual(['zulu video', ...names.toReversed()]);
    expect(await walk('sort=createdAt&order=asc')).toEqual([...names, 'zulu video']);
    expect(await walk('kind=video')).toEqual(['zulu video']);
    expect(await walk('kind=image&q=HA&sort=name&order=asc')).toEqual(['Alpha', 'charlie']);
    // % is a character to search for, not a wildcard.
    expect(await walk('q=0%25')).toEqual(['bravo 50%']);
    expect(await walk('q=nothing-like-this')).toEqual([]);

    const first = await list(user, 'sort=name&order=asc&limit=2');
    const mismatched = await t.request({
      method: 'GET',
      url: `/api/v1/content?sort=size&order=asc&cursor=${first.nextCursor}`,
      cookie: user.cookie,
    });
    expect(mismatched.statusCode).toBe(400);
  });

  it('answers 400, never 500, to a malformed cursor', async () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const position = (sort: string, value: unknown) =>
      encode(JSON.stringify({ sort, order: 'desc', value, id }));
    for (const [query, cursor] of [
      ['sort=createdAt&order=desc', '!!!not-base64!!!'],
      ['sort=createdAt&order=desc', encode('not json')],
      ['sort=createdAt&order=desc', encode('[1,2]')],
      ['sort=createdAt&order=desc', encode('{"sort":"createdAt"}')],
      ['sort=createdAt&order=desc', position('createdAt', 'not a date')],
      ['sort=createdAt&order=desc', position('createdAt', '2026-01-01\u0000')],
      ['sort=size&order=desc', position('size', '12abc')],
      ['sort=size&order=desc', position('size', '99999999999999999999999')],
      ['sort=name&order=desc', position('name', 'a\u0000b')],
      [
        'sort=name&order=desc',
        encode(JSON.stringify({ sort: 'name', order: 'desc', value: 'a', id: 'x' })),
      ],
      ['sort=name&order=desc', '%00'],
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/content?${query}&cursor=${cursor}`,
        cookie: ann.cookie,
      });
      expect(res.statusCode, `${query} ${cursor}`).toBe(400);
      // A NUL in the query string is refused by the query schema, anything else by the cursor.
      expect(['bad-request', 'validation-failed'], cursor).toContain(
        res.json<{ error: { code: string } }>().error.code,
      );
    }
  });

  it('renames an item', async () => {
    const item = await createImage(ann, 'Old name');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
      payload: { name: 'New name' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, name: 'New name' });
    const got = await t.request({
      method: 'GET',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
    });
    expect(ZContentItem.parse(got.json()).name).toBe('New name');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZContentItem, ZContentList, type TContentItem } from '@screenline/shared/content';
import { ZStorageObject } from '@screenline/shared/storage';
import { BACKENDS, createTestApp, type TTestApp } from '../../../test/harness';
import {
  md5Base64,
  objectUrl,
  mediaBytes,
  signUpForStorage,
  type TStorageUser,
  startResumable,
  uploadMultipart,
  uploadResumable,
} from '../../../test/storage-helpers';

describe.each(BACKENDS)('content library on %s', (backend) => {
  let t: TTestApp;
  let ann: TStorageUser;
  let ben: TStorageUser;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [ann, ben] = [await signUpForStorage(t), await signUpForStorage(t)];
  });
  afterAll(() => t.close());

  let counter = 0;
  /** Uploads a file into the user's content folder; returns its path and stored metadata. */
  async function upload(user: TStorageUser, type: string, size = 500) {
    counter += 1;
    const extension = type.split('/')[1];
    const objectPath = `users/${user.userId}/content/file-${counter}.${extension}`;
    const data = mediaBytes(type, size, counter);
    const res = await uploadMultipart(t, user, objectPath, data, type);
    expect(res.statusCode).toBe(200);
    return { objectPath, data, meta: ZStorageObject.parse(res.json()) };
  }

  const create = (user: TStorageUser | null, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/v1/content', cookie: user?.cookie, payload });

  async function createImage(user: TStorageUser, name: string, size = 500): Promise<TContentItem> {
    const { objectPath } = await upload(user, 'image/png', size);
    const res = await create(user, { name, objectPath, kind: 'image', width: 1920, height: 1080 });
    expect(res.statusCode).toBe(201);
    return ZContentItem.parse(res.json());
  }

  const list = async (user: TStorageUser, query: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/content?${query}`,
      cookie: user.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZContentList.parse(res.json());
  };

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

  it('refuses to delete an item something uses, naming it; then deletes it with its files', async () => {
    const videoPath = `users/${ann.userId}/content/in-use.mp4`;
    await uploadResumable(t, ann, videoPath, mediaBytes('video/mp4', 300 * 1024, 3), 'video/mp4');
    const poster = await upload(ann, 'image/png');
    const created = await create(ann, {
      name: 'Lobby clip',
      objectPath: videoPath,
      kind: 'video',
      width: 1920,
      height: 1080,
      durationMs: 30_000,
      posterPath: poster.objectPath,
    });
    const item = ZContentItem.parse(created.json());
    const unregister = t.app.deps.contentReferences.registerContentReferenceCheck(async (used) =>
      used.id === item.id
        ? [
            { kind: 'playlist', id: 'p1', name: 'Lobby loop' },
            { kind: 'campaign', id: 'c1', name: 'Spring sale' },
          ]
        : [],
    );
    try {
      const refused = await t.request({
        method: 'DELETE',
        url: `/api/v1/content/${item.id}`,
        cookie: ann.cookie,
      });
      expect(refused.statusCode).toBe(409);
      const body: unknown = refused.json();
      expect(body).toMatchObject({
        error: {
          code: 'in-use',
          details: { references: [{ kind: 'playlist', name: 'Lobby loop' }, { kind: 'campaign' }] },
        },
      });
      expect(refused.body).toContain('Lobby loop');
      expect(refused.body).toContain('Spring sale');
      const still = await t.request({
        method: 'GET',
        url: `/api/v1/content/${item.id}`,
        cookie: ann.cookie,
      });
      expect(still.statusCode).toBe(200);
    } finally {
      unregister();
    }

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.request({
      method: 'GET',
      url: `/api/v1/content/${item.id}`,
      cookie: ann.cookie,
    });
    expect(gone.statusCode).toBe(404);
    for (const path of [videoPath, poster.objectPath]) {
      const object = await t.request({
        method: 'GET',
        url: objectUrl(path),
        headers: { authorization: ann.authorization },
      });
      expect(object.statusCode, path).toBe(404);
    }
  });
  /** Adds an item for an uploaded image. */
  async function addImage(user: TStorageUser, objectPath: string, name: string) {
    const res = await create(user, { name, objectPath, kind: 'image', width: 640, height: 360 });
    expect(res.statusCode).toBe(201);
    return ZContentItem.parse(res.json());
  }

  /** Uploads a video into the user's content folder and adds it with the given poster. */
  async function addVideo(user: TStorageUser, file: string, posterPath: string, name: string) {
    counter += 1;
    const objectPath = `users/${user.userId}/content/${file}`;
    await uploadResumable(t, user, objectPath, mediaBytes('video/mp4', 300 * 1024, counter));
    const res = await create(user, {
      name,
      objectPath,
      kind: 'video',
      width: 640,
      height: 360,
      durationMs: 1000,
      posterPath,
    });
    expect(res.statusCode).toBe(201);
    return ZContentItem.parse(res.json());
  }

  const removeItem = (user: TStorageUser, id: string) =>
    t.request({ method: 'DELETE', url: `/api/v1/content/${id}`, cookie: user.cookie });
  const readObject = (user: TStorageUser, path: string) =>
    t.request({
      method: 'GET',
      url: objectUrl(path),
      headers: { authorization: user.authorization },
    });

  it("keeps a file another item still uses: a poster that is another item's media", async () => {
    const picture = await upload(ann, 'image/png');
    const image = await addImage(ann, picture.objectPath, 'Shared picture');
    const video = await addVideo(ann, 'shared-poster.mp4', picture.objectPath, 'Clip');

    expect((await removeItem(ann, video.id)).statusCode).toBe(204);
    const media = await t.request({ method: 'GET', url: image.mediaUrl! });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(picture.data)).toBe(true);
    // The video's own file went with it.
    expect((await readObject(ann, video.objectPath)).statusCode).toBe(404);

    // The other way round: deleting the item whose media is a poster keeps the poster.
    const second = await upload(ann, 'image/png');
    const secondImage = await addImage(ann, second.objectPath, 'Picture used as a poster');
    const otherVideo = await addVideo(ann, 'second-poster.mp4', second.objectPath, 'Clip 2');
    expect((await removeItem(ann, secondImage.id)).statusCode).toBe(204);
    const poster = await t.request({ method: 'GET', url: otherVideo.posterUrl! });
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.equals(second.data)).toBe(true);
    // Once nothing uses it, it goes with the last item.
    expect((await removeItem(ann, otherVideo.id)).statusCode).toBe(204);
    expect((await readObject(ann, second.objectPath)).statusCode).toBe(404);
  });

  it('refuses to delete through the storage service a file a library item uses, naming it', async () => {
    const deleteObject = (path: string) =>
      t.request({
        method: 'DELETE',
        url: objectUrl(path),
        headers: { authorization: ann.authorization },
      });
    const picture = await upload(ann, 'image/png');
    const item = await addImage(ann, picture.objectPath, 'Menu board');
    const refused = await deleteObject(picture.objectPath);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'in-use',
        details: { usedBy: [{ kind: 'content-item', id: item.id, usage: 'media' }] },
      },
    });
    expect(refused.body).toContain('Menu board');
    expect((await t.request({ method: 'GET', url: item.mediaUrl! })).statusCode).toBe(200);

    // A poster is protected the same way.
    const poster = await upload(ann, 'image/png');
    const video = await addVideo(ann, 'poster-guard.mp4', poster.objectPath, 'Window clip');
    const posterRefused = await deleteObject(poster.objectPath);
    expect(posterRefused.statusCode).toBe(409);
    expect(posterRefused.json()).toMatchObject({
      error: { details: { usedBy: [{ id: video.id, usage: 'poster' }] } },
    });
    expect(posterRefused.body).toContain('Window clip');

    // Once the item is gone, so is the protection (and here the file, with the item).
    expect((await removeItem(ann, item.id)).statusCode).toBe(204);
    const loose = await upload(ann, 'image/png');
    expect((await deleteObject(loose.objectPath)).statusCode).toBe(204);
  });

  it('refuses to upload over a file a library item uses, by either upload protocol', async () => {
    const picture = await upload(ann, 'image/png');
    const item = await addImage(ann, picture.objectPath, 'Price list');
    const replacement = mediaBytes('image/png', 700, 99);

    const multipart = await uploadMultipart(t, ann, picture.objectPath, replacement, 'image/png');
    expect(multipart.statusCode).toBe(409);
    expect(multipart.json()).toMatchObject({
      error: { code: 'in-use', details: { usedBy: [{ id: item.id, usage: 'media' }] } },
    });
    expect(multipart.body).toContain('Price list');
    expect(multipart.body).toContain('another name');

    // A resumable upload is refused before any byte is sent.
    const resumable = await startResumable(t, ann, picture.objectPath, 700, 'image/png');
    expect(resumable.statusCode).toBe(409);

    // The item still describes the bytes it points to.
    const media = await t.request({ method: 'GET', url: item.mediaUrl! });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(picture.data)).toBe(true);
    expect(media.rawPayload.equals(replacement)).toBe(false);
  });
});

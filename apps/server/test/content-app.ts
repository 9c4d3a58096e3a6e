// What the content library's API tests (modules/content/content-*.test.ts) share: the app on one
// backend with two users, Ann and Ben, made before a file's tests and closed after; and
// shorthands to upload files into a user's content folder and add, list and remove items.
import { afterAll, beforeAll, expect } from 'vitest';
import { ZContentItem, ZContentList, type TContentItem } from '@screenline/shared/content';
import { ZStorageObject } from '@screenline/shared/storage';
import { createTestApp, type TBackend, type TTestApp } from './harness';
import {
  mediaBytes,
  objectUrl,
  signUpForStorage,
  type TStorageUser,
  uploadMultipart,
  uploadResumable,
} from './storage-helpers';

interface TContentWorld {
  t: TTestApp;
  ann: TStorageUser;
  ben: TStorageUser;
}

/**
 * Registers the app's setup and teardown in the calling `describe`. `world()` gives its users
 * once the setup has run: read it in the describe's own `beforeAll`, which runs after.
 */
export function useContentApp(backend: TBackend) {
  let world: TContentWorld | undefined;
  const made = (): TContentWorld => {
    if (!world) throw new Error('the content app is made in beforeAll');
    return world;
  };
  beforeAll(async () => {
    const t = await createTestApp(backend);
    const [ann, ben] = [await signUpForStorage(t), await signUpForStorage(t)];
    world = { t, ann, ben };
  });
  afterAll(() => world?.t.close());

  let counter = 0;
  /** Uploads a file into the user's content folder; returns its path and stored metadata. */
  async function upload(user: TStorageUser, type: string, size = 500) {
    counter += 1;
    const extension = type.split('/')[1];
    const objectPath = `users/${user.userId}/content/file-${counter}.${extension}`;
    const data = mediaBytes(type, size, counter);
    const res = await uploadMultipart(made().t, user, objectPath, data, type);
    expect(res.statusCode).toBe(200);
    return { objectPath, data, meta: ZStorageObject.parse(res.json()) };
  }

  const create = (user: TStorageUser | null, payload: Record<string, unknown>) =>
    made().t.request({ method: 'POST', url: '/api/v1/content', cookie: user?.cookie, payload });

  async function createImage(user: TStorageUser, name: string, size = 500): Promise<TContentItem> {
    const { objectPath } = await upload(user, 'image/png', size);
    const res = await create(user, { name, objectPath, kind: 'image', width: 1920, height: 1080 });
    expect(res.statusCode).toBe(201);
    return ZContentItem.parse(res.json());
  }

  const list = async (user: TStorageUser, query: string) => {
    const res = await made().t.request({
      method: 'GET',
      url: `/api/v1/content?${query}`,
      cookie: user.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZContentList.parse(res.json());
  };

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
    await uploadResumable(made().t, user, objectPath, mediaBytes('video/mp4', 300 * 1024, counter));
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
    made().t.request({ method: 'DELETE', url: `/api/v1/content/${id}`, cookie: user.cookie });
  const readObject = (user: TStorageUser, path: string) =>
    made().t.request({
      method: 'GET',
      url: objectUrl(path),
      headers: { authorization: user.authorization },
    });

  return {
    world: made,
    upload,
    create,
    createImage,
    list,
    addImage,
    addVideo,
    removeItem,
    readObject,
  };
}

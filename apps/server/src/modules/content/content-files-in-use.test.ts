// Library items and the files they use, through the API: an item something uses is not deleted,
// a file another item still uses is kept, and the storage service refuses to delete or overwrite a
// file an item uses.
import { beforeAll, describe, expect, it } from 'vitest';
import { ZContentItem } from '@screenline/shared/content';
import { BACKENDS, type TTestApp } from '../../../test/harness';
import {
  objectUrl,
  mediaBytes,
  type TStorageUser,
  startResumable,
  uploadMultipart,
  uploadResumable,
} from '../../../test/storage-helpers';
import { useContentApp } from '../../../test/content-app';

describe.each(BACKENDS)('content library on %s', (backend) => {
  const content = useContentApp(backend);
  const { upload, create, addImage, addVideo, removeItem, readObject } = content;
  let t: TTestApp;
  let ann: TStorageUser;

  beforeAll(() => {
    ({ t, ann } = content.world());
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

// Who may reach which object in the storage service: another user's objects (403, download tokens),
// missing objects and buckets (404), root operations and bad names (400).
import { describe, expect, it } from 'vitest';
import { ZStorageObject } from '@screenline/shared/storage';
import { BACKENDS } from '../../../test/harness';
import {
  mediaBytes,
  objectUrl,
  patternBytes,
  sendCommand,
  sessionPath,
  signUpForStorage,
  startResumable,
  uploadMultipart,
} from '../../../test/storage-helpers';
import { createMeRepository } from '../me/me.repository';
import { useStorageApp } from '../../../test/storage-app';

describe.each(BACKENDS)('storage service on %s', (backend) => {
  const app = useStorageApp(backend);
  const { own, mediaUrl, getMetadata } = app;

  it("refuses another user's objects with 403, except bytes for a download token holder", async () => {
    const bob = await signUpForStorage(app.t);
    const name = own(app.alice, 'private.png');
    const data = mediaBytes('image/png', 50);
    const meta = ZStorageObject.parse((await uploadMultipart(app.t, app.alice, name, data)).json());
    const asBob = { authorization: bob.authorization };

    expect((await getMetadata(bob, name)).statusCode).toBe(403);
    expect((await getMetadata(bob, name)).json()).toMatchObject({ error: { code: 'forbidden' } });
    const bytesWithoutToken = await app.t.request({
      method: 'GET',
      url: `${objectUrl(name)}?alt=media`,
      headers: asBob,
    });
    expect(bytesWithoutToken.statusCode).toBe(403);
    const anonymous = await app.t.request({ method: 'GET', url: `${objectUrl(name)}?alt=media` });
    expect(anonymous.statusCode).toBe(401);
    const wrongToken = await app.t.request({ method: 'GET', url: mediaUrl(name, bob.userId) });
    expect(wrongToken.statusCode).toBe(403);
    const withToken = await app.t.request({
      method: 'GET',
      url: mediaUrl(name, meta.downloadTokens),
    });
    expect(withToken.statusCode).toBe(200);

    expect(
      (await app.t.request({ method: 'DELETE', url: objectUrl(name), headers: asBob })).statusCode,
    ).toBe(403);
    expect(
      (
        await app.t.request({
          method: 'PATCH',
          url: objectUrl(name),
          headers: asBob,
          payload: { contentLanguage: 'en' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await uploadMultipart(app.t, bob, name, data)).statusCode).toBe(403);
    expect((await startResumable(app.t, bob, name, 10)).statusCode).toBe(403);
    expect((await uploadMultipart(app.t, bob, 'public/a.png', data)).statusCode).toBe(403);
    expect((await uploadMultipart(app.t, bob, `users/${bob.userId}`, data)).statusCode).toBe(403);

    const session = sessionPath(
      await startResumable(app.t, app.alice, own(app.alice, 'session.mp4'), 10),
    );
    expect((await sendCommand(app.t, bob, session, 'query')).statusCode).toBe(403);
    expect((await sendCommand(app.t, bob, session, 'upload', 0, Buffer.alloc(10))).statusCode).toBe(
      403,
    );

    // A super-user reads any metadata, but writes only their own.
    await createMeRepository(app.t.app.deps.db).setSuperUser(bob.email, true);
    expect((await getMetadata(bob, name)).statusCode).toBe(200);
    expect(
      (await app.t.request({ method: 'DELETE', url: objectUrl(name), headers: asBob })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for missing objects and other buckets', async () => {
    const name = own(app.alice, 'never-uploaded.png');
    expect((await getMetadata(app.alice, name)).statusCode).toBe(404);
    expect((await getMetadata(app.alice, name)).json()).toMatchObject({
      error: { code: 'not-found' },
    });
    expect(
      (await app.t.request({ method: 'GET', url: `${objectUrl(name)}?alt=media&token=x` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.t.request({
          method: 'DELETE',
          url: objectUrl(name),
          headers: { authorization: app.alice.authorization },
        })
      ).statusCode,
    ).toBe(404);
    const otherBucket = await app.t.request({
      method: 'GET',
      url: objectUrl(name, 'another-bucket'),
      headers: { authorization: app.alice.authorization },
    });
    expect(otherBucket.statusCode).toBe(404);
    const uploadElsewhere = await app.t.request({
      method: 'POST',
      url: `/v0/b/another-bucket/o?name=${encodeURIComponent(name)}`,
      headers: {
        authorization: app.alice.authorization,
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': '1',
      },
    });
    expect(uploadElsewhere.statusCode).toBe(404);
  });

  it('refuses root operations and bad names with 400', async () => {
    const headers = { authorization: app.alice.authorization };
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      const res = await app.t.request({
        method,
        url: '/v0/b/screenline/o/',
        headers,
        ...(method === 'PATCH' ? { payload: {} } : {}),
      });
      expect(res.statusCode, method).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'bad-request' } });
    }
    expect(
      (await app.t.request({ method: 'GET', url: '/v0/b/screenline/o', headers })).statusCode,
    ).toBe(400);
    expect((await uploadMultipart(app.t, app.alice, '', patternBytes(5))).statusCode).toBe(400);
    expect((await startResumable(app.t, app.alice, '', 5)).statusCode).toBe(400);

    const base = `users/${app.alice.userId}`;
    for (const name of [
      `${base}/../../etc/passwd`,
      `${base}/a/../b.png`,
      `${base}/./a.png`,
      `/${base}/a.png`,
      `${base}//a.png`,
      `${base}/a\u0000.png`,
      `${base}/a\n.png`,
      `${base}\\a.png`,
      `${base}/${'x'.repeat(1100)}`,
    ]) {
      const label = JSON.stringify(name.slice(0, 60));
      expect((await getMetadata(app.alice, name)).statusCode, label).toBe(400);
      expect(
        (await uploadMultipart(app.t, app.alice, name, patternBytes(5))).statusCode,
        label,
      ).toBe(400);
      expect((await startResumable(app.t, app.alice, name, 5)).statusCode, label).toBe(400);
    }
    // Bytes that are not UTF-8 never reach the service.
    const raw = await app.t.request({ method: 'GET', url: '/v0/b/screenline/o/a%E9', headers });
    expect(raw.statusCode).toBe(400);
  });
});

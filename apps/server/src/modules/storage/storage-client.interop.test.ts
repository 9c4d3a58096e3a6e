import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStorage,
  deleteObject,
  getDownloadURL,
  getMetadata,
  isStorageError,
  ref,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from '@screenline/storage-client';
import { BACKENDS, createTestApp, ORIGIN, type TTestApp } from '../../../test/harness';
import {
  freePort,
  md5Base64,
  mediaBytes,
  signUpForStorage,
  type TStorageUser,
} from '../../../test/storage-helpers';

// The storage client library (packages/storage-client, used by the web app and the player)
// against this server over real HTTP: the wire protocol both sides implement must agree.
describe.each(BACKENDS)('the storage client library against this server on %s', (backend) => {
  let t: TTestApp;
  let user: TStorageUser;
  let baseUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp(backend, { PUBLIC_URL: baseUrl, TRUSTED_ORIGINS: ORIGIN });
    await t.app.listen({ port, host: '127.0.0.1' });
    user = await signUpForStorage(t);
  });
  afterAll(() => t.close());

  const storageFor = (token: string | null) =>
    createStorage({ baseUrl, bucket: 'screenline', getToken: () => token });

  it('uploads small and large files, reads metadata and download links, and deletes', async () => {
    const storage = storageFor(user.token);
    const small = new Uint8Array(mediaBytes('image/png', 10_000, 1));
    const smallRef = ref(storage, `users/${user.userId}/content/small.png`);
    const uploaded = await uploadBytes(smallRef, small, {
      contentType: 'image/png',
      customMetadata: { origin: 'interop' },
    });
    expect(uploaded.metadata).toMatchObject({
      size: small.length,
      md5Hash: md5Base64(small),
      contentType: 'image/png',
      customMetadata: { origin: 'interop' },
      name: 'small.png',
      fullPath: smallRef.fullPath,
    });

    // Over 256 KiB: the resumable protocol, in growing chunks.
    const large = new Uint8Array(mediaBytes('video/mp4', 3 * 1024 * 1024 + 17, 2));
    const largeRef = ref(storage, `users/${user.userId}/content/large.mp4`);
    const progress: number[] = [];
    const task = uploadBytesResumable(largeRef, large, { contentType: 'video/mp4' });
    task.on('state_changed', (snapshot) => progress.push(snapshot.bytesTransferred));
    const done = await task;
    expect(done.state).toBe('success');
    expect(done.metadata?.md5Hash).toBe(md5Base64(large));
    expect(progress.at(-1)).toBe(large.length);
    expect(new Set(progress).size).toBeGreaterThan(3);

    const metadata = await getMetadata(largeRef);
    expect(metadata.size).toBe(large.length);
    const url = await getDownloadURL(largeRef);
    const download = await fetch(url);
    expect(md5Base64(new Uint8Array(await download.arrayBuffer()))).toBe(md5Base64(large));

    const fromDataUrl = ref(storage, `users/${user.userId}/content/pixel.gif`);
    const pixel = await uploadString(
      fromDataUrl,
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'data_url',
    );
    expect(pixel.metadata.contentType).toBe('image/gif');

    await deleteObject(largeRef);
    await expect(getMetadata(largeRef)).rejects.toSatisfy((error) =>
      isStorageError(error, 'object-not-found'),
    );
  });

  it('cancels a session it started: the server forgets it and deletes its bytes', async () => {
    const sessionsDir = path.join(t.dataDir, 'storage', 'sessions');
    const partFile = (uploadUrl: string) =>
      path.join(sessionsDir, `${new URL(uploadUrl).searchParams.get('upload_id') ?? ''}.part`);
    const commands: string[] = [];
    const cancels: Promise<Response>[] = [];
    let heldWhenCanceled = -1;
    const storage = createStorage({
      baseUrl,
      bucket: 'screenline',
      getToken: () => user.token,
      // Cancels once the server has taken the first chunk, before the task reads the answer:
      // part of the file is on disk. Keeps the cancel command's answer, which the task ignores.
      fetch: (input, init) => {
        const command = new Headers(init?.headers).get('X-Goog-Upload-Command') ?? '';
        commands.push(command);
        const answered = fetch(input, init).then(async (response) => {
          if (command === 'upload' && task.resumeInfo) {
            heldWhenCanceled = (await fs.stat(partFile(task.resumeInfo.uploadUrl))).size;
            task.cancel();
          }
          return response;
        });
        if (command === 'cancel') cancels.push(answered);
        return answered;
      },
    });
    const data = new Uint8Array(mediaBytes('video/mp4', 2 * 1024 * 1024, 3));
    const task = uploadBytesResumable(ref(storage, `users/${user.userId}/content/gone.mp4`), data, {
      contentType: 'video/mp4',
    });
    const uploadUrl = await new Promise<string>((resolve) => {
      task.on('state_changed', () => {
        if (task.resumeInfo) resolve(task.resumeInfo.uploadUrl);
      });
    });

    await expect(task).rejects.toSatisfy((error) => isStorageError(error, 'canceled'));
    expect(task.snapshot.state).toBe('canceled');
    // The command goes out as the task settles, with no timer: once pending callbacks have
    // run, it has been sent if it ever will be.
    await new Promise((resolve) => setImmediate(resolve));
    expect(commands).toEqual(['start', 'upload', 'cancel']);
    expect(cancels).toHaveLength(1);
    const answer = await cancels[0];
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('X-Goog-Upload-Status')).toBe('cancelled');

    // The first chunk (256 KiB) was on disk; the session and its bytes are gone.
    expect(heldWhenCanceled).toBe(256 * 1024);
    await expect(fs.stat(partFile(uploadUrl))).rejects.toMatchObject({ code: 'ENOENT' });
    const query = await fetch(uploadUrl, {
      method: 'POST',
      headers: { authorization: user.authorization, 'X-Goog-Upload-Command': 'query' },
    });
    expect(query.status).toBe(404);
  });

  it('surfaces the server’s refusals as the protocol’s error codes', async () => {
    const storage = storageFor(user.token);
    const someoneElse = ref(storage, 'users/someone-else/a.png');
    await expect(
      uploadBytes(someoneElse, new Uint8Array(10), { contentType: 'image/png' }),
    ).rejects.toSatisfy((error) => isStorageError(error, 'unauthorized'));
    const anonymous = ref(storageFor(null), `users/${user.userId}/content/small.png`);
    await expect(getMetadata(anonymous)).rejects.toSatisfy((error) =>
      isStorageError(error, 'unauthenticated'),
    );
  });
});

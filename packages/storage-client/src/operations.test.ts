import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStorageError } from './errors';
import { deleteObject, getDownloadURL, getMetadata, uploadBytes, uploadString } from './operations';
import { ref } from './reference';
import {
  type StorageOptions,
  createStorage,
  setMaxOperationRetryTime,
  setMaxUploadRetryTime,
} from './storage';
import { BASE_URL, MemoryStorageServer } from './test/memory-server';

function setup(options: Partial<StorageOptions> = {}) {
  const server = new MemoryStorageServer();
  const storage = createStorage({
    baseUrl: BASE_URL,
    bucket: 'screenline',
    fetch: server.fetch,
    clock: { random: () => 0 },
    ...options,
  });
  return { server, storage };
}

const encode = (value: string) => new TextEncoder().encode(value);

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createStorage options', () => {
  it.each(['maxUploadRetryTime', 'maxOperationRetryTime'] as const)(
    'refuses a negative %s',
    (option) => {
      expect(() => createStorage({ baseUrl: BASE_URL, [option]: -1 })).toThrow(
        expect.objectContaining({ code: 'storage/invalid-argument' }),
      );
    },
  );

  it('refuses negative values in the setters and accepts 0', () => {
    const { storage } = setup();
    expect(() => setMaxUploadRetryTime(storage, -5)).toThrow(/invalid-argument/);
    expect(() => setMaxOperationRetryTime(storage, Number.NaN)).toThrow(/invalid-argument/);
    setMaxUploadRetryTime(storage, 0);
    setMaxOperationRetryTime(storage, 0);
    expect(storage.maxUploadRetryTime).toBe(0);
    expect(storage.maxOperationRetryTime).toBe(0);
  });

  it('defaults to 10 minutes for uploads and 2 minutes for operations', () => {
    const { storage } = setup();
    expect(storage.maxUploadRetryTime).toBe(600_000);
    expect(storage.maxOperationRetryTime).toBe(120_000);
  });

  it('refuses a baseUrl that is not http(s)', () => {
    expect(() => createStorage({ baseUrl: 'not a url' })).toThrow(/invalid-argument/);
    expect(() => createStorage({ baseUrl: 'ftp://host' })).toThrow(/invalid-argument/);
  });
});

describe('getMetadata', () => {
  it('parses the metadata, with size as a number and custom metadata', async () => {
    const { server, storage } = setup();
    server.putObject('users/u1/a.png', encode('12345'), {
      contentType: 'image/png',
      customMetadata: { campaign: 'spring' },
      downloadTokens: 't1,t2',
    });
    const metadata = await getMetadata(ref(storage, 'users/u1/a.png'));
    expect(metadata).toMatchObject({
      bucket: 'screenline',
      fullPath: 'users/u1/a.png',
      name: 'a.png',
      size: 5,
      contentType: 'image/png',
      customMetadata: { campaign: 'spring' },
      downloadTokens: ['t1', 't2'],
      generation: expect.any(String) as string,
    });
    expect(metadata.ref.fullPath).toBe('users/u1/a.png');
    expect(server.requests[0]?.url.pathname).toBe('/v0/b/screenline/o/users%2Fu1%2Fa.png');
  });

  it('maps 404 to object-not-found with the server body', async () => {
    const { storage } = setup();
    const error = await rejection(getMetadata(ref(storage, 'missing.png')));
    expect(isStorageError(error, 'object-not-found')).toBe(true);
    expect(error).toMatchObject({ status: 404 });
    expect((error as Error).message).toContain("'missing.png'");
    expect((error as Error).message).toContain('No such object.');
  });

  it('calls a body that does not fit the protocol an internal error', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{"bucket":"b"}')));
    const storage = createStorage({ baseUrl: BASE_URL, bucket: 'b', fetch });
    const error = await rejection(getMetadata(ref(storage, 'x')));
    expect(isStorageError(error, 'internal-error')).toBe(true);
  });
});

describe('HTTP status mapping', () => {
  it.each([
    [401, 'storage/unauthenticated'],
    [402, 'storage/quota-exceeded'],
    [403, 'storage/unauthorized'],
    [404, 'storage/object-not-found'],
    [400, 'storage/unknown'],
    [409, 'storage/unknown'],
  ])('maps %i to %s without retrying', async (status, code) => {
    const body = JSON.stringify({ error: { code: 'x', message: 'from server' } });
    const fetch = vi.fn(() => Promise.resolve(new Response(body, { status })));
    const storage = createStorage({ baseUrl: BASE_URL, bucket: 'b', fetch });
    const error = await rejection(getMetadata(ref(storage, 'x')));
    expect(error).toMatchObject({ code, status, serverResponse: body });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('authorization', () => {
  it('sends the token as "Firebase <token>"', async () => {
    const { server, storage } = setup({ getToken: () => Promise.resolve('tok-1') });
    server.requiredToken = 'tok-1';
    server.putObject('a.txt', encode('a'));
    await getMetadata(ref(storage, 'a.txt'));
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Firebase tok-1');
  });

  it('sends no header without a token, and a 401 is unauthenticated', async () => {
    const { server, storage } = setup({ getToken: () => null });
    server.requiredToken = 'tok-1';
    server.putObject('a.txt', encode('a'));
    const error = await rejection(getMetadata(ref(storage, 'a.txt')));
    expect(isStorageError(error, 'unauthenticated')).toBe(true);
    expect(server.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('turns a failing token source into unauthenticated', async () => {
    const { storage } = setup({
      getToken: () => Promise.reject(new Error('User is not authenticated')),
    });
    const error = await rejection(getMetadata(ref(storage, 'a.txt')));
    expect(isStorageError(error, 'unauthenticated')).toBe(true);
  });

  it('sends an app-check token when there is one', async () => {
    const { server, storage } = setup({ getAppCheckToken: () => 'app-check' });
    server.putObject('a.txt', encode('a'));
    await getMetadata(ref(storage, 'a.txt'));
    expect(server.requests[0]?.headers.get('X-Firebase-AppCheck')).toBe('app-check');
  });
});

describe('operation retries', () => {
  function failingFetch(status: number) {
    return vi.fn(() =>
      Promise.resolve(new Response('{"error":{"code":"x","message":"busy"}}', { status })),
    );
  }

  it.each([503, 500, 429, 408])(
    'retries %i after 1 s, then 2 s, and then succeeds',
    async (status) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const { server, storage } = setup();
      server.putObject('a.txt', encode('a'));
      server.fail({ when: () => true, status });
      server.fail({ when: () => true, status });
      const result = getMetadata(ref(storage, 'a.txt'));
      await vi.advanceTimersByTimeAsync(999);
      expect(server.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(server.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toMatchObject({ size: 1 });
      expect(server.requests).toHaveLength(3);
    },
  );

  it('retries network failures', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server, storage } = setup();
    server.putObject('a.txt', encode('a'));
    server.fail({ when: () => true, network: true });
    const result = getMetadata(ref(storage, 'a.txt'));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toMatchObject({ size: 1 });
  });

  it('stops with retry-limit-exceeded when the next wait would pass maxOperationRetryTime', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetch = failingFetch(503);
    const storage = createStorage({
      baseUrl: BASE_URL,
      bucket: 'b',
      fetch,
      maxOperationRetryTime: 10_000,
      clock: { random: () => 0 },
    });
    const result = rejection(deleteObject(ref(storage, 'x')));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    // Attempts at 0, 1, 3 and 7 s; the next would start at 15 s.
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(isStorageError(error, 'retry-limit-exceeded')).toBe(true);
    expect(error).toMatchObject({ status: 503 });
  });

  it('counts the jitter against the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetch = failingFetch(503);
    const storage = createStorage({
      baseUrl: BASE_URL,
      bucket: 'b',
      fetch,
      maxOperationRetryTime: 9_000,
      clock: { random: () => 0.999 },
    });
    const result = rejection(getMetadata(ref(storage, 'x')));
    await vi.advanceTimersByTimeAsync(60_000);
    // Attempts at 0, 1.999 and 4.998 s; the next would start at 9.997 s.
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(isStorageError(await result, 'retry-limit-exceeded')).toBe(true);
  });

  it('does not retry at all with a retry time of 0', async () => {
    const fetch = failingFetch(503);
    const storage = createStorage({
      baseUrl: BASE_URL,
      bucket: 'b',
      fetch,
      maxOperationRetryTime: 0,
    });
    const error = await rejection(getDownloadURL(ref(storage, 'x')));
    expect(isStorageError(error, 'retry-limit-exceeded')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('getDownloadURL', () => {
  it('builds the URL from the first download token', async () => {
    const { server, storage } = setup();
    server.putObject('users/u1/a b.png', encode('png'), { downloadTokens: 'tok-a,tok-b' });
    const url = await getDownloadURL(ref(storage, 'users/u1/a b.png'));
    expect(url).toBe(`${BASE_URL}/v0/b/screenline/o/users%2Fu1%2Fa%20b.png?alt=media&token=tok-a`);
    // The URL downloads the bytes and parses back into the same reference.
    const response = await server.fetch(url);
    expect(await response.text()).toBe('png');
    expect(ref(storage, url).fullPath).toBe('users/u1/a b.png');
  });

  it('rejects with no-download-url when the object has no token', async () => {
    const { server, storage } = setup();
    server.putObject('a.png', encode('png'), { downloadTokens: '' });
    const error = await rejection(getDownloadURL(ref(storage, 'a.png')));
    expect(isStorageError(error, 'no-download-url')).toBe(true);
  });
});

describe('deleteObject', () => {
  it('deletes on 204', async () => {
    const { server, storage } = setup();
    server.putObject('a.png', encode('png'));
    await deleteObject(ref(storage, 'a.png'));
    expect(server.objects.size).toBe(0);
    expect(server.requests[0]?.method).toBe('DELETE');
  });

  it('accepts 200 as success', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    const storage = createStorage({ baseUrl: BASE_URL, bucket: 'b', fetch });
    await expect(deleteObject(ref(storage, 'a.png'))).resolves.toBeUndefined();
  });
});

describe('operations on the bucket root', () => {
  it.each([
    ['getMetadata', getMetadata],
    ['getDownloadURL', getDownloadURL],
    ['deleteObject', deleteObject],
    ['uploadString', (root: ReturnType<typeof ref>) => uploadString(root, 'x')],
    ['uploadBytes', (root: ReturnType<typeof ref>) => uploadBytes(root, new Blob(['x']))],
  ])('%s refuses with invalid-root-operation and sends nothing', async (_name, operation) => {
    const { server, storage } = setup();
    const error = await rejection(operation(ref(storage, 'gs://screenline/')));
    expect(isStorageError(error, 'invalid-root-operation')).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('uploadString', () => {
  it('stores the decoded bytes with the data URL media type', async () => {
    const { server, storage } = setup();
    const result = await uploadString(
      ref(storage, 'a.txt'),
      'data:text/plain,hi%20there',
      'data_url',
    );
    const object = server.objects.get('screenline/a.txt');
    expect(new TextDecoder().decode(object?.data)).toBe('hi there');
    expect(object?.contentType).toBe('text/plain');
    expect(result.metadata.contentType).toBe('text/plain');
    expect(result.ref.fullPath).toBe('a.txt');
  });

  it('lets metadata.contentType win over the data URL', async () => {
    const { server, storage } = setup();
    await uploadString(ref(storage, 'a.bin'), 'data:text/plain;base64,aGk=', 'data_url', {
      contentType: 'application/x-custom',
      customMetadata: { by: 'test' },
    });
    const object = server.objects.get('screenline/a.bin');
    expect(object?.contentType).toBe('application/x-custom');
    expect(object?.customMetadata).toEqual({ by: 'test' });
    expect(new TextDecoder().decode(object?.data)).toBe('hi');
  });

  it('rejects bad input before sending anything', async () => {
    const { server, storage } = setup();
    const error = await rejection(uploadString(ref(storage, 'a'), 'a-b', 'base64'));
    expect(isStorageError(error, 'invalid-format')).toBe(true);
    const malformed = await rejection(
      uploadString(ref(storage, 'a'), 'data:text/plain', 'data_url'),
    );
    expect((malformed as Error).message).toContain('Malformed data URL.');
    expect(server.requests).toHaveLength(0);
  });
});

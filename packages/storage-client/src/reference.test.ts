import { describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { ref } from './reference';
import { createStorage } from './storage';

const storage = createStorage({ baseUrl: 'http://127.0.0.1:3000/', bucket: 'screenline' });

function thrown(run: () => unknown): StorageError {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageError) return error;
    throw error;
  }
  throw new Error('expected a StorageError');
}

describe('ref', () => {
  it('takes a plain path inside the default bucket, dropping empty segments', () => {
    const reference = ref(storage, '/users//uid/content/a.png/');
    expect(reference.bucket).toBe('screenline');
    expect(reference.fullPath).toBe('users/uid/content/a.png');
    expect(reference.name).toBe('a.png');
    expect(reference.toString()).toBe('gs://screenline/users/uid/content/a.png');
  });

  it('parses a gs:// address, bucket included', () => {
    const reference = ref(storage, 'gs://other-bucket/users/uid/a b.png');
    expect(reference.bucket).toBe('other-bucket');
    expect(reference.fullPath).toBe('users/uid/a b.png');
  });

  it('parses gs://bucket as that bucket root', () => {
    const reference = ref(storage, 'gs://other-bucket');
    expect(reference.bucket).toBe('other-bucket');
    expect(reference.isRoot).toBe(true);
  });

  it('parses an https storage address, decoding the name and ignoring the query', () => {
    const reference = ref(
      storage,
      'https://files.example.com/v0/b/screenline/o/users%2Fuid%2Fa%20b.png?alt=media&token=t1',
    );
    expect(reference.bucket).toBe('screenline');
    expect(reference.fullPath).toBe('users/uid/a b.png');
  });

  it('parses the http address of a local server too', () => {
    expect(ref(storage, 'http://127.0.0.1:3000/v0/b/b1/o/x.txt').fullPath).toBe('x.txt');
  });

  it.each([
    'https://files.example.com/some/other/path',
    'ftp://host/v0/b/screenline/o/a.png',
    'https://host/v0/b/screenline/o/%E0%A4%A',
  ])('refuses %s with invalid-argument', (address) => {
    expect(thrown(() => ref(storage, address)).code).toBe('storage/invalid-argument');
  });

  it('needs a default bucket for a plain path', () => {
    const bucketless = createStorage({ baseUrl: 'http://127.0.0.1:3000' });
    expect(thrown(() => ref(bucketless, 'a.png')).code).toBe('storage/no-default-bucket');
    expect(ref(bucketless, 'gs://b/a.png').fullPath).toBe('a.png');
  });

  it('accepts gs:// in the bucket option', () => {
    const reference = ref(createStorage({ baseUrl: 'http://h', bucket: 'gs://b2' }), 'a');
    expect(reference.bucket).toBe('b2');
  });

  it('makes children, parents and the root', () => {
    const folder = ref(storage, 'users/uid');
    const file = ref(folder, 'content/a.png');
    expect(file.fullPath).toBe('users/uid/content/a.png');
    expect(file.parent?.fullPath).toBe('users/uid/content');
    expect(ref(storage, 'a.png').parent?.isRoot).toBe(true);
    expect(file.root.isRoot).toBe(true);
    expect(file.root.parent).toBeNull();
    expect(ref(storage).isRoot).toBe(true);
  });
});

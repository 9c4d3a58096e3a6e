import { describe, expect, it } from 'vitest';
import {
  findSavedUpload,
  fingerprintOf,
  forgetUpload,
  loadSavedUploads,
  SAVED_UPLOAD_MAX_AGE_MS,
  saveUpload,
  type TSavedUpload,
} from '@/features/content/stores/saved-uploads';

const file = { name: 'clip.mp4', size: 5_000_000, lastModified: 1_700_000_000_000 };

function saved(overrides: Partial<TSavedUpload> = {}): TSavedUpload {
  return {
    id: 'up-1',
    uid: 'u1',
    fingerprint: fingerprintOf(file),
    fileName: file.name,
    size: file.size,
    kind: 'video',
    name: 'clip',
    objectPath: 'users/u1/content/up-1-clip.mp4',
    resume: { uploadUrl: '/upload/s1', total: file.size, name: 'users/u1/content/up-1-clip.mp4' },
    savedAt: Date.now(),
    ...overrides,
  };
}

describe('saved uploads', () => {
  it('finds the upload of the same file again (name, size and modification time)', () => {
    saveUpload(saved());
    expect(findSavedUpload('u1', file)?.id).toBe('up-1');
    expect(findSavedUpload('u1', { ...file, lastModified: 1 })).toBeUndefined();
    expect(findSavedUpload('u1', { ...file, size: 1 })).toBeUndefined();
    expect(findSavedUpload('u2', file)).toBeUndefined();
  });

  it('replaces an entry with the same id and forgets it on request', () => {
    saveUpload(saved());
    saveUpload(saved({ resume: { uploadUrl: '/upload/s2', total: file.size, name: 'n' } }));
    expect(loadSavedUploads('u1')).toHaveLength(1);
    expect(loadSavedUploads('u1')[0]?.resume.uploadUrl).toBe('/upload/s2');
    forgetUpload('up-1');
    expect(loadSavedUploads('u1')).toEqual([]);
  });

  it('drops expired entries and anything that does not parse', () => {
    const now = Date.now();
    saveUpload(saved({ id: 'old', savedAt: now - SAVED_UPLOAD_MAX_AGE_MS - 1 }));
    saveUpload(saved({ id: 'new' }));
    expect(loadSavedUploads('u1', now).map((entry) => entry.id)).toEqual(['new']);

    window.localStorage.setItem('screenline.content.uploads', '{not json');
    expect(loadSavedUploads('u1')).toEqual([]);
    window.localStorage.setItem(
      'screenline.content.uploads',
      JSON.stringify([{ id: 'broken' }, saved({ id: 'fine' })]),
    );
    expect(loadSavedUploads('u1').map((entry) => entry.id)).toEqual(['fine']);
  });
});

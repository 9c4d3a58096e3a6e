import { describe, expect, it } from 'vitest';
import { objectNameProblem, ownerOfObjectName } from './object-name';

describe('object names', () => {
  it('accepts ordinary names, spaces, unicode and dots inside segments', () => {
    for (const name of [
      'users/u1/a.png',
      'users/u1/content/Sommer Kampagne (final).mp4',
      'users/u1/…/ü/日本.png',
      'users/u1/.hidden',
      'users/u1/a..b',
      'x'.repeat(1024),
    ]) {
      expect(objectNameProblem(name), name).toBeNull();
    }
  });

  it('V5.3.2 refuses the root, traversal, empty segments, control characters and long names', () => {
    for (const name of [
      '',
      '/users/u1/a.png',
      'users/u1/../u2/a.png',
      'users/u1/./a.png',
      '..',
      'users//a.png',
      'users/u1/',
      'users/u1/a\u0000.png',
      'users/u1/a\n.png',
      'users/u1/a\u007f',
      'users/u1/a\u0085',
      'users\\u1\\a.png',
      'x'.repeat(1025),
      'é'.repeat(513),
      'users/u1/\ud800.png',
    ]) {
      expect(objectNameProblem(name), JSON.stringify(name)).not.toBeNull();
    }
  });

  it('finds the owner only in users/{uid}/ with something after it', () => {
    expect(ownerOfObjectName('users/u1/a.png')).toBe('u1');
    expect(ownerOfObjectName('users/u1/deep/er/a.png')).toBe('u1');
    expect(ownerOfObjectName('users/u1/')).toBeNull();
    expect(ownerOfObjectName('users/u1')).toBeNull();
    expect(ownerOfObjectName('public/a.png')).toBeNull();
    expect(ownerOfObjectName('xusers/u1/a.png')).toBeNull();
  });
});

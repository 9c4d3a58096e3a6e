import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { testPasswordHashing } from './test-password-hashing';

describe("the test suite's password hashing", () => {
  it('verifies its own hashes and refuses another password', async () => {
    const hash = await testPasswordHashing.hash('correct horse battery staple');
    expect(hash).toMatch(/^test-scrypt\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(
      await testPasswordHashing.verify({ hash, password: 'correct horse battery staple' }),
    ).toBe(true);
    expect(
      await testPasswordHashing.verify({ hash, password: 'correct horse battery stapler' }),
    ).toBe(false);
  });

  it("still verifies a hash made at Better Auth's full cost", async () => {
    const hash = await hashPassword('a fixture made at full cost');
    expect(
      await testPasswordHashing.verify({ hash, password: 'a fixture made at full cost' }),
    ).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'another' })).toBe(false);
  });

  it('refuses a malformed hash', async () => {
    expect(await testPasswordHashing.verify({ hash: 'test-scrypt$nothing', password: 'x' })).toBe(
      false,
    );
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TTestApp } from '../../test/harness';
import { literal, type TScripts } from './scripts';

describe.each(BACKENDS)('scripts on %s', (backend) => {
  let t: TTestApp;
  let scripts: TScripts;
  const count = async (from: number) => {
    const [rows] = await scripts.run(
      `select count(*)::int as n from script_test where id >= ${literal(from)}`,
    );
    return rows?.[0]?.n;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    scripts = t.database.scripts;
    await scripts.run('create table script_test (id integer primary key)');
  });
  afterAll(async () => t.close());

  it('writes values into a script as they are: quotes, backslashes and statement ends come back unchanged', async () => {
    const texts = [
      "it's",
      'back\\slash\\',
      "'); drop table script_test; --",
      "E'\\x27'",
      '$$dollar$$',
      'ünïcödé ✓',
    ];
    const [rows] = await scripts.run(
      `select ${texts.map((text, i) => `${literal(text)} as t${i}`).join(', ')}, ${literal(-1.5)}::float8 as n,
        ${literal(new Date('2026-01-02T03:04:05.678Z'))}::timestamptz = '2026-01-02T03:04:05.678Z' as d,
        ${literal(null)}::text as z`,
    );
    expect(rows).toEqual([
      { ...Object.fromEntries(texts.map((text, i) => [`t${i}`, text])), n: -1.5, d: true, z: null },
    ]);
    expect(await count(0)).toBe(0);
    // The same text node-postgres's own escaping writes.
    for (const text of texts) expect(literal(text)).toBe(pg.escapeLiteral(text));
    expect(() => literal('a\0b')).toThrow(/NUL/);
    expect(() => literal(Number.NaN)).toThrow(/finite/);
  });

  it('answers the rows of each statement of a script; a transaction commits with its last script', async () => {
    const answer = await scripts.transaction(async (tx) => {
      const first = await tx.run('insert into script_test values (1), (2); select 7 as seven');
      const last = await tx.run('insert into script_test values (3) returning id', {
        commit: true,
      });
      return [...first, ...last];
    });
    expect(answer).toEqual([[], [{ seven: 7 }], [{ id: 3 }]]);
    expect(await count(1)).toBe(3);
    // Committed by the return when no script said so.
    await scripts.transaction((tx) => tx.run('insert into script_test values (4)'));
    expect(await count(1)).toBe(4);
  });

  it('a failed statement rolls the whole transaction back, and the connection serves the next one', async () => {
    for (let round = 0; round < 6; round += 1) {
      await expect(
        scripts.transaction(async (tx) => {
          await tx.run(`insert into script_test values (${literal(100 + round)})`);
          // A duplicate key: the script's COMMIT is skipped.
          await tx.run('insert into script_test values (1)', { commit: true });
        }),
      ).rejects.toThrow(/duplicate key/);
      await expect(
        scripts.transaction(async (tx) => {
          await tx.run(`insert into script_test values (${literal(200 + round)})`);
          throw new Error('the work failed');
        }),
      ).rejects.toThrow('the work failed');
    }
    expect(await count(100)).toBe(0);
    await scripts.transaction((tx) =>
      tx.run('insert into script_test values (5)', { commit: true }),
    );
    expect(await count(5)).toBe(1);
  });

  // What proof-of-play ingest relies on: its read of a device's claimed plays, a statement after
  // the device's lock in the same script, sees what the lock's previous holder committed.
  it.skipIf(backend !== 'postgres')(
    'a statement after a lock in the same script sees what the lock’s previous holder committed',
    async () => {
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = scripts.transaction(async (tx) => {
        await tx.run('select pg_advisory_xact_lock(4242); insert into script_test values (1000)');
        locked();
        await released;
        await tx.run('insert into script_test values (1001)', { commit: true });
      });
      await isLocked;
      const reader = scripts.transaction((tx) =>
        tx.run(
          'select pg_advisory_xact_lock(4242); select count(*)::int as n from script_test where id >= 1000',
          { commit: true },
        ),
      );
      // The reader is waiting on the lock; its count must wait too.
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await holder;
      const [, rows] = await reader;
      expect(rows).toEqual([{ n: 2 }]);
    },
  );
});

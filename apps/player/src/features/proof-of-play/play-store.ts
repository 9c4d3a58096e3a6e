import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { IMPRESSION_QUEUE_MAX, type TImpression } from '@screenline/shared/player';

/**
 * Proof of play on the TV, in IndexedDB (apps/player/README.md, "The TV player"): one record per
 * play, written when it starts, completed when it ends, deleted only once the server accepted or
 * refused it. The recorder writes, the sync reads and deletes; both go through this store.
 */

/** `open`: playing now (or the TV stopped while it played); `done`: ready to send. */
export type TPlayState = 'open' | 'done';

export type TPlayRecord = TImpression & { state: TPlayState };

interface TPlaysSchema extends DBSchema {
  plays: {
    key: string;
    value: TPlayRecord;
    indexes: { bySequence: number; byStateSequence: [TPlayState, number] };
  };
  /** Counters: the last sequence number given, and how many records the bound dropped. */
  meta: { key: 'sequence' | 'dropped'; value: number };
}

export const PLAY_DATABASE = 'screenline-plays';

export interface TPlayStore {
  /**
   * Gives the next sequence number and stores the record with it, in one transaction; then, past
   * `max` records, deletes the oldest and counts them. Answers the record as stored.
   */
  insert(record: Omit<TPlayRecord, 'sequence'>): Promise<TPlayRecord>;
  /** Changes a record, if it is still there and `when` holds for it; answers whether it did. */
  update(
    id: string,
    change: Partial<TPlayRecord>,
    when?: (record: TPlayRecord) => boolean,
  ): Promise<boolean>;
  /** Every `open` record becomes `done`/`interrupted` (a start-up after a crash); answers how many. */
  closeOpen(): Promise<number>;
  /** Up to `limit` `done` records, oldest (lowest sequence) first. */
  oldestDone(limit: number): Promise<TPlayRecord[]>;
  /** Deletes exactly these ids; `dropped`: they were never delivered (counted with the bound's). */
  remove(ids: readonly string[], options?: { dropped?: boolean }): Promise<void>;
  /** Records waiting (open and done) and how many the bound has dropped since the TV was set up. */
  stats(): Promise<{ queued: number; dropped: number }>;
  close(): void;
}

/**
 * Opens (creating on first use) the play store. `max` is the bound (IMPRESSION_QUEUE_MAX);
 * tests give a smaller one and their own database name.
 */
export function openPlayStore({
  name = PLAY_DATABASE,
  max = IMPRESSION_QUEUE_MAX,
}: { name?: string; max?: number } = {}): TPlayStore {
  let opened: Promise<IDBPDatabase<TPlaysSchema>> | null = null;
  const database = () => {
    opened ??= openDB<TPlaysSchema>(name, 1, {
      upgrade(db) {
        const plays = db.createObjectStore('plays', { keyPath: 'id' });
        plays.createIndex('bySequence', 'sequence', { unique: true });
        plays.createIndex('byStateSequence', ['state', 'sequence']);
        db.createObjectStore('meta');
      },
    });
    return opened;
  };

  return {
    async insert(record) {
      const db = await database();
      const tx = db.transaction(['plays', 'meta'], 'readwrite');
      const meta = tx.objectStore('meta');
      const plays = tx.objectStore('plays');
      const sequence = ((await meta.get('sequence')) ?? 0) + 1;
      const stored: TPlayRecord = { ...record, sequence };
      await meta.put(sequence, 'sequence');
      await plays.add(stored);
      const excess = (await plays.count()) - max;
      if (excess > 0) {
        // The bound: the oldest go, and the owner's report shows the hole in the sequence.
        let cursor = await plays.index('bySequence').openCursor();
        let deleted = 0;
        while (cursor && deleted < excess) {
          await cursor.delete();
          deleted += 1;
          cursor = await cursor.continue();
        }
        await meta.put(((await meta.get('dropped')) ?? 0) + deleted, 'dropped');
      }
      await tx.done;
      return stored;
    },

    async update(id, change, when = () => true) {
      const db = await database();
      const tx = db.transaction('plays', 'readwrite');
      const current = await tx.store.get(id);
      const isChanged = current !== undefined && when(current);
      if (current && isChanged) await tx.store.put({ ...current, ...change, id });
      await tx.done;
      return isChanged;
    },

    async closeOpen() {
      const db = await database();
      const tx = db.transaction('plays', 'readwrite');
      const range = IDBKeyRange.bound(['open', 0], ['open', Infinity]);
      // Read first, then write: changing the key of the index a cursor walks skips records
      // (Chromium 69 does).
      const open = await tx.store.index('byStateSequence').getAll(range);
      // shownMs keeps the last checkpoint: what was on screen before the TV stopped.
      await Promise.all(
        open.map((record) => tx.store.put({ ...record, state: 'done', endReason: 'interrupted' })),
      );
      await tx.done;
      return open.length;
    },

    async oldestDone(limit) {
      const db = await database();
      const range = IDBKeyRange.bound(['done', 0], ['done', Infinity]);
      return db.getAllFromIndex('plays', 'byStateSequence', range, limit);
    },

    async remove(ids, { dropped = false } = {}) {
      if (ids.length === 0) return;
      const db = await database();
      const tx = db.transaction(['plays', 'meta'], 'readwrite');
      const plays = tx.objectStore('plays');
      const meta = tx.objectStore('meta');
      await Promise.all(ids.map((id) => plays.delete(id)));
      if (dropped) await meta.put(((await meta.get('dropped')) ?? 0) + ids.length, 'dropped');
      await tx.done;
    },

    async stats() {
      const db = await database();
      const tx = db.transaction(['plays', 'meta'], 'readonly');
      const [queued, dropped] = await Promise.all([
        tx.objectStore('plays').count(),
        tx.objectStore('meta').get('dropped'),
      ]);
      await tx.done;
      return { queued, dropped: dropped ?? 0 };
    },

    close() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  };
}

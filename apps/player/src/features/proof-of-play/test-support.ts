import 'fake-indexeddb/auto';
import type { TPlayStart } from './play-recorder';
import { openPlayStore, type TPlayRecord } from './play-store';

// Test helpers of the proof-of-play tests (IndexedDB from fake-indexeddb in node).

export const AD_SPACE = '3f1c2b7a-8d4e-4f5a-9b6c-1d2e3f4a5b6c';

let databases = 0;
/** A store on a database of its own; `name` to open the same one again (a restart). */
export function freshStore(options: { max?: number; name?: string } = {}) {
  databases += 1;
  const name = options.name ?? `plays-test-${databases}`;
  return { name, store: openPlayStore({ name, max: options.max }) };
}

export const playStart = (overrides: Partial<TPlayStart> = {}): TPlayStart => ({
  playlistId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  playlistVersion: 2,
  itemId: 'item-1',
  contentId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  campaignId: null,
  creativeId: null,
  startedAtMs: Date.parse('2026-11-22T10:00:00.000Z'),
  ...overrides,
});

/** Everything in the database `name`, by sequence (read beside the store, as another tab would). */
export async function allRecords(name: string): Promise<TPlayRecord[]> {
  const request = indexedDB.open(name);
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new Error('The test could not open IndexedDB.'));
  });
  const all = await new Promise<TPlayRecord[]>((resolve, reject) => {
    const get = db.transaction('plays').objectStore('plays').getAll();
    get.onsuccess = () => resolve(get.result as TPlayRecord[]);
    get.onerror = () => reject(new Error('The test could not read IndexedDB.'));
  });
  db.close();
  return all.sort((a, b) => a.sequence - b.sequence);
}

import { describe, expect, it } from 'vitest';
import { ZImpression } from '@screenline/shared/player';
import { createPlayRecorder } from './play-recorder';
import { AD_SPACE, allRecords, freshStore, playStart } from './test-support';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createPlayRecorder', () => {
  it('numbers plays from 1 in the order they started, and goes on after a restart', async () => {
    const { name, store } = freshStore();
    const recorder = createPlayRecorder({ adSpaceId: AD_SPACE, store });
    const ids = ['a', 'b', 'c'].map((itemId) => recorder.started(playStart({ itemId })));
    // The id is there at once, before anything is written.
    expect(ids.every((id) => ZImpression.shape.id.safeParse(id).success)).toBe(true);
    expect(new Set(ids).size).toBe(3);
    recorder.ended(ids[1]!, { shownMs: 8000, endReason: 'completed' });
    await recorder.idle();
    expect((await allRecords(name)).map((r) => [r.itemId, r.sequence, r.state])).toEqual([
      ['a', 1, 'open'],
      ['b', 2, 'done'],
      ['c', 3, 'open'],
    ]);
    recorder.stop();
    store.close();

    // The next run: the counter is kept in IndexedDB.
    const again = freshStore({ name });
    const next = createPlayRecorder({ adSpaceId: AD_SPACE, store: again.store });
    const id = next.started(playStart({ itemId: 'd' }));
    next.ended(id, { shownMs: 1000, endReason: 'completed' });
    await next.idle();
    expect((await allRecords(name)).map((r) => [r.itemId, r.sequence])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    next.stop();
  });

  it('writes the record at once as interrupted, and completes it when the play ends', async () => {
    const { name, store } = freshStore();
    const recorder = createPlayRecorder({ adSpaceId: AD_SPACE, store });
    const startedAtMs = Date.parse('2026-11-22T10:15:30.250Z');
    const id = recorder.started(playStart({ startedAtMs, contentId: null, itemId: 'slot' }));
    await recorder.idle();
    const [opened] = await allRecords(name);
    expect(opened).toEqual({
      id,
      sequence: 1,
      startedAt: '2026-11-22T10:15:30.250Z',
      shownMs: 0,
      endReason: 'interrupted',
      adSpaceId: AD_SPACE,
      playlistId: playStart().playlistId,
      playlistVersion: 2,
      itemId: 'slot',
      contentId: null,
      campaignId: null,
      creativeId: null,
      state: 'open',
    });
    recorder.ended(id, { shownMs: 14_999.6, endReason: 'replaced' });
    // Ending twice (or an id it never gave) changes nothing.
    recorder.ended(id, { shownMs: 1, endReason: 'failed' });
    recorder.ended('unknown', { shownMs: 1, endReason: 'failed' });
    await recorder.idle();
    const [done] = await allRecords(name);
    expect(done).toMatchObject({ state: 'done', shownMs: 15_000, endReason: 'replaced' });
    const { state: _state, ...sent } = done!;
    expect(ZImpression.parse(sent)).toEqual(sent);
    recorder.stop();
  });

  it("keeps an ad play's campaign and creative, and a house ad's creative without a campaign", async () => {
    const { name, store } = freshStore();
    const recorder = createPlayRecorder({ adSpaceId: AD_SPACE, store });
    const creative = '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a';
    const campaign = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const house = '7e6d5c4b-3a2f-4e1d-8c0b-9a8f7e6d5c4b';
    const ad = recorder.started(
      playStart({
        itemId: 'slot',
        contentId: creative,
        campaignId: campaign,
        creativeId: creative,
      }),
    );
    recorder.ended(ad, { shownMs: 15_000, endReason: 'completed' });
    const houseAd = recorder.started(
      playStart({ itemId: 'slot', contentId: house, campaignId: null, creativeId: house }),
    );
    recorder.ended(houseAd, { shownMs: 15_000, endReason: 'completed' });
    await recorder.idle();
    const records = await allRecords(name);
    expect(records.map((r) => [r.contentId, r.campaignId, r.creativeId])).toEqual([
      [creative, campaign, creative],
      [house, null, house],
    ]);
    for (const { state: _state, ...sent } of records) {
      expect(ZImpression.parse(sent)).toEqual(sent);
    }
    recorder.stop();
  });

  it('saves the shown time while playing, and a crash leaves it interrupted with that time', async () => {
    const { name, store } = freshStore();
    let now = 1000;
    const recorder = createPlayRecorder({
      adSpaceId: AD_SPACE,
      store,
      monotonicNow: () => now,
      checkpointMs: 10,
    });
    const id = recorder.started(playStart());
    const other = recorder.started(playStart({ itemId: 'finished' }));
    const alsoOpen = recorder.started(playStart({ itemId: 'also open' }));
    recorder.ended(other, { shownMs: 5000, endReason: 'completed' });
    now += 7000;
    await wait(40);
    await recorder.idle();
    expect((await allRecords(name)).find((r) => r.id === id)).toMatchObject({
      state: 'open',
      shownMs: 7000,
    });
    // The TV loses power: no ended(), the page is gone.
    recorder.stop();
    store.close();

    const restarted = freshStore({ name });
    const next = createPlayRecorder({ adSpaceId: AD_SPACE, store: restarted.store });
    await next.idle();
    const records = await allRecords(name);
    expect(records.map((r) => [r.id, r.state, r.endReason, r.shownMs])).toEqual([
      [id, 'done', 'interrupted', 7000],
      [other, 'done', 'completed', 5000],
      [alsoOpen, 'done', 'interrupted', 7000],
    ]);
    next.stop();
  });

  it('closes open plays once per page: a second recorder leaves the first one’s play open', async () => {
    const { name, store } = freshStore();
    const first = createPlayRecorder({ adSpaceId: AD_SPACE, store });
    const id = first.started(playStart());
    await first.idle();
    const second = createPlayRecorder({ adSpaceId: AD_SPACE, store });
    await second.idle();
    first.ended(id, { shownMs: 9000, endReason: 'completed' });
    await first.idle();
    expect(await allRecords(name)).toMatchObject([{ id, state: 'done', endReason: 'completed' }]);
    first.stop();
    second.stop();
  });

  it('keeps at most the bound, dropping the oldest and counting them', async () => {
    const { name, store } = freshStore({ max: 5 });
    const recorder = createPlayRecorder({ adSpaceId: AD_SPACE, store });
    for (let i = 1; i <= 8; i += 1) {
      const id = recorder.started(playStart({ itemId: `item-${i}` }));
      recorder.ended(id, { shownMs: 1000, endReason: 'completed' });
    }
    await recorder.idle();
    expect((await allRecords(name)).map((r) => r.sequence)).toEqual([4, 5, 6, 7, 8]);
    expect(await store.stats()).toEqual({ queued: 5, dropped: 3 });
    recorder.stop();
  });
});

import { describe, expect, it } from 'vitest';
import {
  cacheSummary,
  formatShownTime,
  gapSentence,
  nowPlayingName,
  reportItemKind,
  reportItemName,
  storageSummary,
} from '@/features/ad-spaces/utils/player-status';
import { makeAdSpace, makePlayer } from '@/test/screens-fixtures';

const MB = 1024 * 1024;
const winterSale = {
  campaignId: 'k1',
  campaignName: 'Winter sale',
  advertiserName: 'Acme Outdoor',
};

describe('player status in words', () => {
  it('says whether the content is ready or how far the download is', () => {
    const ready = { filesReady: 12, filesNeeded: 12, bytesReady: 0, bytesNeeded: 0, problem: null };
    expect(cacheSummary(ready)).toBe('Content ready 12/12 files');
    expect(
      cacheSummary({ ...ready, filesReady: 3, bytesReady: 45 * MB, bytesNeeded: 120 * MB }),
    ).toBe('Downloading 3/12 files · 45 MB of 120 MB');
  });

  it('names what is on screen only while the TV is online', () => {
    const online = makeAdSpace({ status: 'online', player: makePlayer() });
    expect(nowPlayingName(online)).toBe('Summer sale.mp4');
    expect(nowPlayingName({ ...online, status: 'offline' })).toBeNull();
    const nowPlaying = makePlayer().nowPlaying;
    if (!nowPlaying) throw new Error('fixture');
    const slot = makePlayer({ nowPlaying: { ...nowPlaying, contentId: null, contentName: null } });
    expect(nowPlayingName({ ...online, player: slot })).toBe('Ad slot');
    const gone = makePlayer({ nowPlaying: { ...nowPlaying, contentName: null } });
    expect(nowPlayingName({ ...online, player: gone })).toBe('Deleted item');
    // Issue 21 item 2: a buyer's ad is named by its campaign and buyer, not "Deleted item".
    const ad = makePlayer({ nowPlaying: { ...nowPlaying, contentName: null, ad: winterSale } });
    expect(nowPlayingName({ ...online, player: ad })).toBe('Winter sale – ad by Acme Outdoor');
    expect(nowPlayingName({ ...online, player: makePlayer({ nowPlaying: null }) })).toBeNull();
  });

  it('gives storage with or without a quota', () => {
    expect(
      storageSummary({ usedBytes: 1.5 * 1024 * MB, quotaBytes: 8 * 1024 * MB, persisted: true }),
    ).toBe('1.5 GB of 8 GB');
    expect(storageSummary({ usedBytes: 512, quotaBytes: null, persisted: false })).toBe(
      '512 bytes',
    );
  });

  it('formats time shown', () => {
    expect(formatShownTime(0)).toBe('0 s');
    expect(formatShownTime(12_400)).toBe('12 s');
    expect(formatShownTime(270_000)).toBe('4 min 30 s');
    expect(formatShownTime(120_000)).toBe('2 min');
    expect(formatShownTime(3 * 3_600_000 + 12 * 60_000 + 59_000)).toBe('3 h 12 min');
    expect(formatShownTime(7_200_000)).toBe('2 h');
  });

  it('names report rows and gaps', () => {
    const row = {
      contentId: 'c1',
      name: 'Menu.png',
      kind: 'image' as const,
      ad: null,
      plays: 1,
      shownMs: 1,
    };
    expect([reportItemName(row), reportItemKind(row)]).toEqual(['Menu.png', 'Image']);
    expect(reportItemName({ ...row, name: null })).toBe('Deleted item');
    const ad = { ...row, name: null, kind: 'video' as const, ad: winterSale };
    expect([reportItemName(ad), reportItemKind(ad)]).toEqual([
      'Winter sale – ad by Acme Outdoor',
      'Ad, video',
    ]);
    expect(reportItemKind({ ...ad, kind: null })).toBe('Ad');
    expect(reportItemName({ ...row, contentId: null, name: null, kind: null })).toBe('Ad slot');
    expect(reportItemKind({ ...row, contentId: null, name: null, kind: null })).toBe('Ad slot');
    const gap = {
      deviceId: 'abcdef1234',
      deviceName: null,
      afterSequence: 120,
      beforeSequence: 124,
      missing: 3,
    };
    expect(gapSentence(gap)).toBe('TV abcdef12: 3 records missing between #120 and #124');
    expect(gapSentence({ ...gap, deviceName: 'Lobby TV', missing: 1, beforeSequence: 122 })).toBe(
      'Lobby TV: 1 record missing between #120 and #122',
    );
  });
});

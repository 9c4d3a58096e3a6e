import { describe, expect, it } from 'vitest';
import type { TPlayerAdSpaceOption } from '@screenline/shared/player';
import { chosenOf, locationLine, tvsLine, viewOfAnswer } from './setup-model';

const space = (id: string, name: string, location = 'Harbour', city = 'Springfield') =>
  ({
    id,
    name,
    orientation: 'landscape',
    location: { id: `l-${id}`, name: location, city, timeZone: 'Europe/Berlin' },
    tvs: null,
  }) satisfies TPlayerAdSpaceOption;

describe('setup', () => {
  const items = [space('a', 'Door'), space('b', 'Window')];

  it('shows the list with nothing chosen: Continue stays disabled until one is', () => {
    const view = viewOfAnswer({ kind: 'ok', items }, null);
    expect(view).toEqual({ kind: 'list', items, selectedId: null });
    expect(chosenOf(view)).toBeNull();
    expect(chosenOf({ kind: 'list', items, selectedId: 'b' })).toEqual(items[1]);
  });

  it('keeps the choice across a refresh while its ad space is still listed', () => {
    expect(viewOfAnswer({ kind: 'ok', items }, 'b')).toMatchObject({ selectedId: 'b' });
    expect(viewOfAnswer({ kind: 'ok', items: [items[0]!] }, 'b')).toMatchObject({
      selectedId: null,
    });
  });

  it('says "No Ad Spaces Found" for an empty account, and why for one that runs no screens', () => {
    const empty = viewOfAnswer({ kind: 'ok', items: [] }, 'b');
    expect(empty).toEqual({ kind: 'empty' });
    expect(chosenOf(empty)).toBeNull();
    expect(viewOfAnswer({ kind: 'not-owner' }, null)).toEqual({
      kind: 'problem',
      problem: 'not-owner',
    });
  });

  it('names the linked location with its city, once when they are the same', () => {
    expect(locationLine(space('a', 'Door'))).toBe('Harbour, Springfield');
    expect(locationLine(space('a', 'Door', 'Berlin', 'berlin'))).toBe('Berlin');
  });

  it('says when a space already has a TV, and when it was last seen (issue 21 item 4)', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(tvsLine(null, now)).toBeNull();
    expect(tvsLine({ count: 1, lastSeenAt: ago(5) }, now)).toBe(
      'Has a TV · last seen 5 minutes ago',
    );
    expect(tvsLine({ count: 2, lastSeenAt: ago(0) }, now)).toBe('Has 2 TVs · last seen just now');
    expect(tvsLine({ count: 1, lastSeenAt: null }, now)).toBe('Has a TV · never seen');
  });
});

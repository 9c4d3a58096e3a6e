import { describe, expect, it } from 'vitest';
import type { TPlayerAdSpace } from '@screenline/shared/player';
import { chosenOf, locationLine, viewOfAnswer } from './setup-model';

const space = (id: string, name: string, location = 'Harbour', city = 'Springfield') =>
  ({
    id,
    name,
    orientation: 'landscape',
    location: { id: `l-${id}`, name: location, city, timeZone: 'Europe/Berlin' },
  }) satisfies TPlayerAdSpace;

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
});

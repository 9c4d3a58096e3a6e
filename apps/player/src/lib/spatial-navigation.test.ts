import { describe, expect, it } from 'vitest';
import { pickNext, type TBox } from './spatial-navigation';

const box = (left: number, top: number, width = 100, height = 50): TBox => ({
  left,
  top,
  width,
  height,
});

// A form column on the left (email, password, sign in) and a button on the right.
const email = box(0, 0);
const password = box(0, 100);
const submit = box(0, 200);
const newCode = box(600, 120);
const all = [email, password, submit, newCode];

describe('pickNext', () => {
  it('moves down and up the column, not across to the other side', () => {
    expect(pickNext(email, 'down', all)).toBe(1);
    expect(pickNext(password, 'down', all)).toBe(2);
    expect(pickNext(submit, 'up', all)).toBe(1);
  });

  it('moves right to the control beside, and back left to the nearest', () => {
    expect(pickNext(password, 'right', all)).toBe(3);
    expect(pickNext(newCode, 'left', all)).toBe(1);
  });

  it('finds nothing past the edge', () => {
    expect(pickNext(email, 'up', all)).toBe(-1);
    expect(pickNext(newCode, 'right', all)).toBe(-1);
  });
});

// Setup's list at 1920×1080: three cards a row, the fourth alone on the second row, and the
// buttons under it at the right (Sign out, Refresh, Continue).
const card = (column: number, row: number) => box(64 + column * 600, 300 + row * 160, 576, 136);
const cards = [card(0, 0), card(1, 0), card(2, 0), card(0, 1)];
const signOut = box(64, 900, 200, 72);
const refresh = box(1400, 900, 200, 72);
const continueButton = box(1640, 900, 216, 72);
const setup = [...cards, signOut, refresh, continueButton];

describe('pickNext in the ad-space grid (issue 21 item 4)', () => {
  it('moves right and left along the row, never diagonally to a card of another row', () => {
    expect(pickNext(card(0, 0), 'right', setup)).toBe(1);
    expect(pickNext(card(1, 0), 'right', setup)).toBe(2);
    expect(pickNext(card(1, 0), 'left', setup)).toBe(0);
    // Alone in its row: Right has nowhere to go (it used to land on the second card of row one).
    expect(pickNext(card(0, 1), 'right', setup)).toBe(-1);
    // The end of the first row: nothing to its right, not the card below.
    expect(pickNext(card(2, 0), 'right', setup)).toBe(-1);
  });

  it('moves down the column first, and to the nearest control below when the column ends', () => {
    expect(pickNext(card(0, 0), 'down', setup)).toBe(3);
    // Refresh is under its middle (the button group then takes the focus to Continue: entryOf).
    expect(pickNext(card(2, 0), 'down', setup)).toBe(5);
    expect(pickNext(card(0, 1), 'down', setup)).toBe(4);
    expect(pickNext(continueButton, 'up', setup)).toBe(2);
  });

  it('walks the buttons in their row', () => {
    expect(pickNext(continueButton, 'left', setup)).toBe(5);
    expect(pickNext(refresh, 'left', setup)).toBe(4);
    expect(pickNext(signOut, 'right', setup)).toBe(5);
  });
});

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

import { describe, expect, it } from 'vitest';
import { actionOf, idempotencyKeyFor, settleIdempotencyKey } from '@/lib/idempotency';

describe('idempotency keys', () => {
  it('gives every attempt at one action the same key until it succeeds', () => {
    const action = actionOf('/api/v1/wallet/top-ups', { amountMicros: 50_000_000, reference: 'A' });
    const first = idempotencyKeyFor(action);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKeyFor(action)).toBe(first);
    settleIdempotencyKey(action);
    expect(idempotencyKeyFor(action)).not.toBe(first);
    settleIdempotencyKey(action);
  });

  it('tells actions apart by route and body', () => {
    const topUp = (amountMicros: number) =>
      idempotencyKeyFor(actionOf('/api/v1/wallet/top-ups', { amountMicros, reference: 'A' }));
    expect(topUp(50_000_000)).not.toBe(topUp(60_000_000));
    expect(idempotencyKeyFor(actionOf('/api/v1/admin/top-ups/1/approve', undefined))).not.toBe(
      idempotencyKeyFor(actionOf('/api/v1/admin/top-ups/2/approve', undefined)),
    );
  });
});

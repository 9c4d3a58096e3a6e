// Without zod, so a schema on zod/mini (health.ts) can share the rule without pulling in classic zod.

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** Whether a string holds U+0000, which PostgreSQL cannot store in text and no person types. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

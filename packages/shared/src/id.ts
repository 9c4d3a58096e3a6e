import { z } from 'zod';

/**
 * Every row the API names has a UUID id (the database makes them). One schema for ids in
 * params, bodies and cursors, and one check for code that must not send a malformed id to
 * PostgreSQL (which would answer a 500 rather than a 404).
 */
export const ZId = z.uuid('Not a valid id.');
export type TId = z.infer<typeof ZId>;

export const isId = (value: string): boolean => ZId.safeParse(value).success;

/** `/:id` in a route's path. */
export const ZIdParams = z.object({ id: ZId });

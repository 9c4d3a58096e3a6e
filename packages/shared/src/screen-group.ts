import { z } from 'zod';
import { text } from './text';

/**
 * Tags and screen groups (issue 23 item 1): `/api/v1/screen-groups` and the tags of
 * `/api/v1/ad-spaces`. A group is a static set of ad spaces or a saved tag query (every space of
 * the owner that carries all of its tags); a schedule entry can target a group.
 */

/** Longest tag, in characters after normalizing. */
export const TAG_MAX_LENGTH = 40;
/** Most tags one ad space carries. */
export const AD_SPACE_TAGS_MAX = 20;
/** Most tags a tag group asks for (all of them must match). */
export const GROUP_TAGS_MAX = 10;
/** Most ad spaces a static group holds, and a bulk action names at once. */
export const GROUP_MEMBERS_MAX = 500;
/** Most groups an owner keeps: the groups page lists them all. */
export const SCREEN_GROUPS_MAX = 200;

/**
 * The one spelling of a tag: Unicode NFC, trimmed, inner whitespace collapsed to one space, lower
 * case. "Lobby ", "lobby" and "LOBBY" are the same tag, in the database and in every filter.
 */
export function normalizeTag(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** A free-text tag, normalized: no commas (lists of tags are typed with them) nor control characters. */
export const ZTag = text()
  .transform(normalizeTag)
  .pipe(
    z
      .string()
      .min(1, 'Enter a tag.')
      .max(TAG_MAX_LENGTH, `Keep a tag under ${TAG_MAX_LENGTH + 1} characters.`)
      .regex(/^[^,\p{Cc}\p{Cf}]+$/u, 'A tag has no commas or control characters.'),
  );

/** Distinct tags, sorted, so equal sets compare equal. */
function distinctSorted(tags: readonly string[]): string[] {
  return [...new Set(tags)].sort();
}

/** The tags of an ad space as sent: normalized, duplicates dropped, sorted. */
export const ZAdSpaceTags = z
  .array(ZTag)
  .max(AD_SPACE_TAGS_MAX, `At most ${AD_SPACE_TAGS_MAX} tags.`)
  .transform(distinctSorted);

/** A tag query: at least one tag, all of which a space must carry. */
export const ZGroupTags = z
  .array(ZTag)
  .min(1, 'Pick at least one tag.')
  .max(GROUP_TAGS_MAX, `At most ${GROUP_TAGS_MAX} tags.`)
  .transform(distinctSorted);

/** Distinct ad space ids (a repeated id would count twice in a bulk answer). */
export const ZAdSpaceIds = z
  .array(z.uuid('Not an ad space id.'))
  .max(GROUP_MEMBERS_MAX, `At most ${GROUP_MEMBERS_MAX} ad spaces at once.`)
  .transform((ids) => [...new Set(ids)]);

export const SCREEN_GROUP_KINDS = ['static', 'tags'] as const;
export const ZScreenGroupKind = z.enum(SCREEN_GROUP_KINDS);
export type TScreenGroupKind = z.infer<typeof ZScreenGroupKind>;

const ZGroupName = text().trim().min(1, 'Enter a name.').max(200, 'Keep it under 200 characters.');

/** POST /api/v1/screen-groups */
export const ZCreateScreenGroup = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('static'), name: ZGroupName, adSpaceIds: ZAdSpaceIds }),
  z.strictObject({ kind: z.literal('tags'), name: ZGroupName, tags: ZGroupTags }),
]);
export type TCreateScreenGroup = z.input<typeof ZCreateScreenGroup>;

/**
 * PATCH /api/v1/screen-groups/{id}: the name, and the members of a static group or the tags of a
 * tag group (the other is refused: a group keeps its kind).
 */
export const ZUpdateScreenGroup = z
  .strictObject({ name: ZGroupName, adSpaceIds: ZAdSpaceIds, tags: ZGroupTags })
  .partial();
export type TUpdateScreenGroup = z.input<typeof ZUpdateScreenGroup>;

export const ZScreenGroup = z.object({
  id: text(),
  name: text(),
  kind: ZScreenGroupKind,
  /** The tag query (a tag group); empty for a static group. */
  tags: z.array(text()),
  /** The spaces in the group now, by name: the static set, or those the tags match. */
  members: z.array(z.object({ id: text(), name: text() })),
  /** Schedule entries that target the group. */
  scheduleEntryCount: z.number().int().nonnegative(),
  createdAt: text(),
  updatedAt: text(),
});
export type TScreenGroup = z.infer<typeof ZScreenGroup>;

export const ZScreenGroupList = z.object({ items: z.array(ZScreenGroup) });
export type TScreenGroupList = z.infer<typeof ZScreenGroupList>;

/**
 * POST /api/v1/ad-spaces/bulk: one change to several of the owner's ad spaces, all or nothing.
 * Monetization is asked per space with POST /api/v1/monetization-requests, as for one space.
 */
export const ZBulkAdSpaceAction = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('set-default-playlist'),
    playlistId: z.uuid('Pick a playlist.').nullable(),
  }),
  z.strictObject({ kind: z.literal('add-tag'), tag: ZTag }),
  z.strictObject({ kind: z.literal('remove-tag'), tag: ZTag }),
  z.strictObject({ kind: z.literal('add-to-group'), groupId: z.uuid('Pick a group.') }),
]);
export type TBulkAdSpaceAction = z.input<typeof ZBulkAdSpaceAction>;

export const ZBulkAdSpaceRequest = z.strictObject({
  adSpaceIds: ZAdSpaceIds.refine((ids) => ids.length > 0, 'Select at least one ad space.'),
  action: ZBulkAdSpaceAction,
});
export type TBulkAdSpaceRequest = z.input<typeof ZBulkAdSpaceRequest>;

export const ZBulkAdSpaceResult = z.object({
  /** The spaces the action reached (all that were named). */
  adSpaceIds: z.array(text()),
  /** Those whose TVs were told to fetch a new manifest (what they play changed). */
  notifiedAdSpaceIds: z.array(text()),
});
export type TBulkAdSpaceResult = z.infer<typeof ZBulkAdSpaceResult>;

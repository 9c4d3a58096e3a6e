import { z } from 'zod';
import type { TContentItem } from '@screenline/shared/content';
import {
  IMAGE_DURATION_DEFAULT_SECONDS,
  type TPlaylistDetail,
  type TPlaylistItemInput,
} from '@screenline/shared/playlist';
import { ApiError } from '@/lib/api-client';

/** The editor's values: what ZSavePlaylist takes. */
export type TPlaylistDraft = { name: string; items: TPlaylistItemInput[] };

/** A new ad slot's length: a common spot length. */
export const AD_SLOT_DEFAULT_SECONDS = 15;

let fallbackCounter = 0;

/**
 * A client-made item id, kept for the item's life: drag and drop keys on it and play reports
 * carry it. randomUUID exists only in secure contexts (https, localhost); a plain-http LAN
 * address gets a time-and-counter id, unique within the playlist, which is all the contract asks.
 */
export function newItemId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  fallbackCounter += 1;
  return `item-${Date.now().toString(36)}-${fallbackCounter.toString(36)}`;
}

export function itemFromContent(content: TContentItem): TPlaylistItemInput {
  return content.kind === 'image'
    ? {
        id: newItemId(),
        type: 'content',
        contentId: content.id,
        kind: 'image',
        durationSeconds: IMAGE_DURATION_DEFAULT_SECONDS,
      }
    : { id: newItemId(), type: 'content', contentId: content.id, kind: 'video' };
}

export function newAdSlot(): TPlaylistItemInput {
  return { id: newItemId(), type: 'adSlot', lengthSeconds: AD_SLOT_DEFAULT_SECONDS };
}

export function draftOf(playlist: TPlaylistDetail | null): TPlaylistDraft {
  return playlist
    ? { name: playlist.name, items: playlist.items.map((item) => ({ ...item })) }
    : { name: '', items: [] };
}

/** Seconds an item plays, as far as is known: a video the library has no length for counts 0. */
export function itemSeconds(
  item: TPlaylistItemInput,
  contentById: ReadonlyMap<string, TContentItem>,
): number {
  if (item.type === 'adSlot') return validSeconds(item.lengthSeconds);
  if (item.kind === 'image') return validSeconds(item.durationSeconds ?? 0);
  return (contentById.get(item.contentId)?.durationMs ?? 0) / 1000;
}

/** A duration being typed may be NaN or negative for a moment: it counts 0 until it is valid. */
function validSeconds(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function totalSeconds(
  items: readonly TPlaylistItemInput[],
  contentById: ReadonlyMap<string, TContentItem>,
): number {
  return items.reduce((sum, item) => sum + itemSeconds(item, contentById), 0);
}

/** The ad slots' seconds: a TV plays them only on a monetized screen. */
export function adSlotSeconds(items: readonly TPlaylistItemInput[]): number {
  return items.reduce(
    (sum, item) => sum + (item.type === 'adSlot' ? validSeconds(item.lengthSeconds) : 0),
    0,
  );
}

export function itemName(
  item: TPlaylistItemInput,
  contentById: ReadonlyMap<string, TContentItem>,
): string {
  if (item.type === 'adSlot') return 'Ad slot';
  return contentById.get(item.contentId)?.name ?? 'Missing content';
}

/** The field list a `validation-failed` answer carries (plugins/errors.ts on the server). */
const ZValidationDetails = z.object({
  fields: z.array(z.object({ path: z.string(), message: z.string() })),
});

export type TServerFieldError = { path: string; message: string };

/**
 * The fields a 400 names, as editor paths ("body.items.2.durationSeconds" →
 * "items.2.durationSeconds"); an empty list when the answer names none.
 */
export function serverFieldErrors(error: unknown): TServerFieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const parsed = ZValidationDetails.safeParse(error.details);
  if (!parsed.success) return [];
  return parsed.data.fields.map(({ path, message }) => ({
    path: path.replace(/^body\.?/, ''),
    message,
  }));
}

const ZMissingIds = z.object({ ids: z.array(z.string()) });

/**
 * A 404 naming library items that are gone (deleted in another tab, say) as errors on the items
 * that use them, so the owner sees which to remove.
 */
export function missingContentErrors(
  error: unknown,
  draft: { items: readonly TPlaylistItemInput[] },
): TServerFieldError[] {
  if (!(error instanceof ApiError) || error.code !== 'not-found') return [];
  const parsed = ZMissingIds.safeParse(error.details);
  if (!parsed.success) return [];
  const missing = new Set(parsed.data.ids);
  return draft.items.flatMap((item, index) =>
    item.type === 'content' && missing.has(item.contentId)
      ? [{ path: `items.${index}`, message: 'This is no longer in your library: remove it.' }]
      : [],
  );
}

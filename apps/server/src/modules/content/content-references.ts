import type { TContentReference } from '@screenline/shared/content';

/** What a reference check is asked about. */
export interface TReferencedItem {
  id: string;
  ownerId: string;
  objectPath: string;
}

/** Returns what uses the item (playlists, campaigns); empty when nothing does. */
export type TContentReferenceCheck = (item: TReferencedItem) => Promise<TContentReference[]>;

/**
 * Modules that use content items (playlists, campaigns: later issues) register a check here, and
 * deleting an item is refused while any check names a user of it. One registry per app, in
 * `app.deps.contentReferences`.
 */
export function createContentReferenceRegistry() {
  const checks = new Set<TContentReferenceCheck>();
  return {
    /** Adds a check; returns a function that removes it again. */
    registerContentReferenceCheck(check: TContentReferenceCheck): () => void {
      checks.add(check);
      return () => {
        checks.delete(check);
      };
    },

    async findReferences(item: TReferencedItem): Promise<TContentReference[]> {
      const found = await Promise.all([...checks].map((check) => check(item)));
      return found.flat();
    },
  };
}

export type TContentReferenceRegistry = ReturnType<typeof createContentReferenceRegistry>;

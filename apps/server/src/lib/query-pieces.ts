import type { Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The types a module declares for a read-only query piece (a Drizzle subquery such as
 * screens/places.ts exports) that it cannot import: the owner builds on the module, so app.ts
 * hands the piece in (docs/decisions.md, "Modules read each other's data through read-only pieces
 * the owner exports"). The module names only the columns it reads; the owner's piece may carry
 * more, and TypeScript checks at app.ts that it fits.
 */

/** A column a piece has: its value type, and whether it is never null. */
export interface TPieceColumn<TData, TNotNull extends boolean> {
  data: TData;
  notNull: TNotNull;
}

/**
 * The columns as Drizzle types a subquery's: each names the piece's alias as its table, which a
 * select's result type needs to tell what a join makes nullable.
 */
type TColumnsOf<
  TAlias extends string,
  TFields extends Record<string, TPieceColumn<unknown, boolean>>,
> = {
  [K in keyof TFields]: AnyPgColumn<{
    data: TFields[K]['data'];
    notNull: TFields[K]['notNull'];
    tableName: TAlias;
  }>;
};

/** A subquery to join under `TAlias` with at least these columns. */
export type TPiece<
  TAlias extends string,
  TFields extends Record<string, TPieceColumn<unknown, boolean>>,
> = Subquery<TAlias, TColumnsOf<TAlias, TFields>> & TColumnsOf<TAlias, TFields>;

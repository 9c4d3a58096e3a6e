import { SCHEDULE_ENTRIES_MAX } from '@screenline/shared/schedule';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { countEntriesPlayingOn } from './group-membership';

/**
 * Issue 19 item 3's limit with groups (issue 23): at most SCHEDULE_ENTRIES_MAX entries play on
 * one space, its own and its groups' together. Called inside the transaction of the change, after
 * it, with the spaces' rows locked (their content version bump locks them): a refusal throws, and
 * the change rolls back.
 */
export async function requireWithinEntryLimit(
  db: TDb,
  adSpaceIds: readonly string[],
  path = 'body',
): Promise<void> {
  const counts = await countEntriesPlayingOn(db, adSpaceIds);
  const over = [...counts].filter(([, entries]) => entries > SCHEDULE_ENTRIES_MAX);
  if (over.length === 0) return;
  const message =
    `An ad space has at most ${SCHEDULE_ENTRIES_MAX} schedule entries, its groups' included; ` +
    `${over.length === 1 ? 'one space' : `${over.length} spaces`} would have more. ` +
    'Delete or combine some entries first.';
  throw new AppError('validation-failed', message, {
    fields: [{ path, message }],
    ids: over.map(([id]) => id),
  });
}

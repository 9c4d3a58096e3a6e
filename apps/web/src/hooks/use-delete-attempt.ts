import { useCallback, useState } from 'react';
import type { TReference } from '@screenline/shared/errors';
import { errorMessage, inUseReferences } from '@/lib/api-client';

/**
 * Why a delete failed: the message to show, and what a 409 `in-use` refusal names (null for
 * any other failure, where trying again may help).
 */
export type TDeleteFailure = { message: string; references: TReference[] | null };

/**
 * Runs a delete and keeps its failure for the dialog to show. `attempt` clears the last failure
 * first, unless `keepsFailure`: a dialog that offers a second way out of a refusal keeps the
 * refusal on screen while that second try runs.
 */
export function useDeleteAttempt() {
  const [failure, setFailure] = useState<TDeleteFailure | null>(null);

  const attempt = useCallback(
    async (run: () => Promise<void>, { keepsFailure = false }: { keepsFailure?: boolean } = {}) => {
      if (!keepsFailure) setFailure(null);
      try {
        await run();
      } catch (error) {
        setFailure({ message: errorMessage(error), references: inUseReferences(error) });
      }
    },
    [],
  );

  return { failure, attempt };
}

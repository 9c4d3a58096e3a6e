import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { ZEmptyPayload, type TJobQueue } from '../jobs/job-queue';
import type { TPlayerChangeBus } from '../../lib/player-changes';
import { completeCampaign } from './campaign-lifecycle';
import { campaignsRepository as repo } from './campaigns.repository';

/** How often the completion sweep runs (counted from the end of the previous run). */
export const COMPLETION_INTERVAL_MS = 5 * 60 * 1000;
/** Campaigns completed per transaction batch of one sweep. */
const BATCH = 100;

/**
 * Completes every approved or paused campaign whose end date has passed in every time zone
 * (endDate + 1 day, 12:00 UTC: the end of the end date at UTC−12) or whose hold is spent,
 * returning what is left of each hold to its buyer. One transaction per campaign, so one
 * failure does not hold the others back; answers how many completed.
 */
export async function completeDueCampaigns(
  db: TDb,
  changes: TPlayerChangeBus,
  now: Date,
): Promise<number> {
  let completed = 0;
  for (;;) {
    const due = await repo.dueForCompletion(db, now, BATCH);
    let completedNow = 0;
    for (const id of due) {
      const result = await db.transaction((tx) => completeCampaign(tx, id));
      if (!result.completed) continue;
      completedNow += 1;
      changes.publishContent(result.adSpaceIds);
    }
    completed += completedNow;
    // A batch where nothing completed would only come back the same: stop.
    if (due.length < BATCH || completedNow === 0) return completed;
  }
}

/** Registers the sweep as a recurring job: with several instances it runs on one at a time. */
export function registerCampaignCompletion(deps: {
  db: TDb;
  jobs: TJobQueue;
  changes: TPlayerChangeBus;
  log: FastifyBaseLogger;
}) {
  deps.jobs.recur(
    {
      name: 'campaigns.complete',
      payload: ZEmptyPayload,
      run: async () => {
        const count = await completeDueCampaigns(deps.db, deps.changes, new Date());
        if (count > 0) deps.log.info({ count }, 'campaigns completed');
      },
    },
    COMPLETION_INTERVAL_MS,
  );
}

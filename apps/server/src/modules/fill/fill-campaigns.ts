import type { TAdCategory } from '@screenline/shared/ad-category';
import type { TCampaignState } from '@screenline/shared/campaign';
import type { TPiece, TPieceColumn } from '../../lib/query-pieces';

/** A campaign that may be in a rotation, as stored (targeting and dayparts unparsed). */
export interface TLiveCampaign {
  id: string;
  ownerId: string;
  name: string;
  creativeIds: string[];
  targeting: unknown;
  startDate: string;
  endDate: string;
  dayparts: unknown;
  bidMicrosPerSecond: number;
  budgetMicros: number;
  dailyCapMicros: number | null;
  destinationUrl: string | null;
  state: TCampaignState;
  category: TAdCategory | null;
  decidedAt: Date | null;
}

/**
 * What the fill reads of campaigns, declared here and handed in by app.ts (the campaigns module's
 * reads, modules/campaigns/campaign-reads.ts, answer it): campaigns builds on fill (its pacing
 * line), so fill names no campaigns file and never the campaign table (test/module-graph.test.ts).
 */
export interface TFillCampaigns {
  /**
   * Approved or paused campaigns that may target a space with one of these keys, through the
   * live-campaign index (migration 0013), oldest first; null: all of them. The caller still
   * applies matchesTargeting.
   */
  liveCampaignsToFill(targetKeys: readonly string[] | null): Promise<TLiveCampaign[]>;
  /** Which of these ids name campaigns. */
  existingCampaignIds(ids: readonly string[]): Promise<Set<string>>;
  /** The campaigns as a read-only piece to join (the QR redirect's destination). */
  campaignRows: TPiece<
    'campaigns',
    { id: TPieceColumn<string, true>; destinationUrl: TPieceColumn<string, false> }
  >;
}

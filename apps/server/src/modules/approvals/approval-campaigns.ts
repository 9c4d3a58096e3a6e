import type { TAdCategory } from '@screenline/shared/ad-category';

/** A live campaign as the approvals module reads it. */
export interface TLiveCampaignRow {
  id: string;
  ownerId: string;
  name: string;
  creativeIds: string[];
  targeting: unknown;
  startDate: string;
  endDate: string;
  bidMicrosPerSecond: number;
  destinationUrl: string | null;
  category: TAdCategory | null;
  decidedAt: Date | null;
}

/**
 * What approvals reads of campaigns, declared here and handed in by app.ts (the campaigns
 * module's reads, modules/campaigns/campaign-reads.ts, answer it): campaigns builds on approvals
 * (it asks approval-directory.ts), so approvals names no campaigns file and never the campaign
 * table (test/module-graph.test.ts).
 */
export interface TApprovalCampaigns {
  /**
   * Campaigns that may be live on a space with one of these keys (approved or paused), through
   * the live-campaign index (migration 0013), oldest decision first.
   */
  liveCampaignsToApprove(targetKeys: readonly string[]): Promise<TLiveCampaignRow[]>;
  /** The campaign whatever its state, or undefined. */
  campaignToApprove(id: string): Promise<TLiveCampaignRow | undefined>;
  /** Each campaign's name and its buyer's e-mail, for the approvals' mails. */
  buyersOfCampaigns(
    ids: readonly string[],
  ): Promise<Array<{ id: string; name: string; email: string }>>;
}

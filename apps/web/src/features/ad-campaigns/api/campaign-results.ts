import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZCampaignResults, type TCampaignResults } from '@screenline/shared/campaign';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { refetchWhileSettling } from '@/lib/proof-of-play';
import { CAMPAIGNS_QUERY_KEY } from '@/features/ad-campaigns/api/list-campaigns';

/**
 * A range of days, both inclusive, each play counted on its local day at its screen; null: the
 * server's default, the campaign's flight.
 */
export type TResultsRange = { from: string; to: string } | null;

const resultsPath = (id: string, range: TResultsRange) =>
  apiPath(API.campaignResults, { id }, range ?? undefined);

/** GET /api/v1/campaigns/{id}/results?from=&to=. */
export function getCampaignResults(id: string, range: TResultsRange, signal?: AbortSignal) {
  return apiRequest(resultsPath(id, range), ZCampaignResults, { signal });
}

export function useCampaignResults(id: string, range: TResultsRange) {
  return useQuery({
    queryKey: [...CAMPAIGNS_QUERY_KEY, 'results', id, range?.from ?? '', range?.to ?? ''],
    queryFn: ({ signal }) => getCampaignResults(id, range, signal),
    // A new range keeps the last figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    // Plays still settling are not in the figures yet: ask again until every one is billed or
    // refused (within SETTLE_DELAY_MS on a server that keeps up).
    refetchInterval: refetchWhileSettling((results: TCampaignResults) => results.settling),
  });
}

/** The same results as CSV (`Accept: text/csv`), named by the server or by the campaign. */
export async function downloadResultsCsv(id: string, range: TResultsRange) {
  const { blob, fileName } = await apiDownload(resultsPath(id, range), { accept: 'text/csv' });
  return { blob, fileName: fileName ?? `campaign-results-${id}.csv` };
}

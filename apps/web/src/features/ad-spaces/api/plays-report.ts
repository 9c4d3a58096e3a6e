import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlaysReport, type TPlaysQuery, type TPlaysReport } from '@screenline/shared/player';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { refetchWhileSettling } from '@/lib/proof-of-play';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

const playsPath = (adSpaceId: string, range: TPlaysQuery) =>
  apiPath(API.adSpacePlays, { id: adSpaceId }, range);

/** GET /api/v1/ad-spaces/{id}/plays?from=&to=: proof of play on the location's local days. */
export function getPlaysReport(adSpaceId: string, range: TPlaysQuery, signal?: AbortSignal) {
  return apiRequest(playsPath(adSpaceId, range), ZPlaysReport, { signal });
}

export const playsReportQueryOptions = (adSpaceId: string, range: TPlaysQuery) =>
  queryOptions({
    queryKey: [...AD_SPACES_QUERY_KEY, 'plays', adSpaceId, range.from, range.to],
    queryFn: ({ signal }) => getPlaysReport(adSpaceId, range, signal),
  });

/** The report of a range; null while the range is not a valid one (nothing is asked). */
export function usePlaysReport(adSpaceId: string, range: TPlaysQuery | null) {
  return useQuery({
    ...playsReportQueryOptions(adSpaceId, range ?? { from: '', to: '' }),
    enabled: range !== null,
    // A new range keeps the last report on screen (dimmed) until its own arrives.
    placeholderData: keepPreviousData,
    // Ad plays still settling are neither billed nor refused yet: ask again until they are.
    refetchInterval: refetchWhileSettling((report: TPlaysReport) => report.adPlays.settling),
  });
}

/**
 * The same report as CSV (one row per play), `Accept: text/csv`, with the file name the server
 * gives, or one made of the range.
 */
export async function downloadPlaysCsv(adSpaceId: string, range: TPlaysQuery) {
  const { blob, fileName } = await apiDownload(playsPath(adSpaceId, range), {
    accept: 'text/csv',
  });
  return { blob, fileName: fileName ?? `proof-of-play-${range.from}-to-${range.to}.csv` };
}

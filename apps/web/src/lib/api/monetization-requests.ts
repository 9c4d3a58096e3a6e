/**
 * Every monetization-request query starts with this key: a request, a withdrawal or a bulk
 * monetize of the ad spaces page refreshes it.
 */
export const MONETIZATION_QUERY_KEY = ['monetization-requests'] as const;

/** Every owner-approval query starts with this key; a save or a decision refreshes them all. */
export const APPROVALS_QUERY_KEY = ['campaign-approvals'] as const;

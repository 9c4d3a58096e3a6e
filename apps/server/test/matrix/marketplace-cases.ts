import { CAMPAIGN_CASES } from './campaign-cases';
import type { TCase } from './matrix-types';

/**
 * The marketplace's routes (issue 9) in the authorization matrix. Each module keeps its cases
 * in a file of its own here and spreads them in below.
 */
export const MARKETPLACE_CASES: Record<string, TCase> = {
  ...CAMPAIGN_CASES,
};

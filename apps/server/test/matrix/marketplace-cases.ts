import { APPROVAL_CASES } from './approval-cases';
import { FILL_CASES } from './fill-cases';

import { CAMPAIGN_CASES } from './campaign-cases';
import type { TCase } from './matrix-types';
import { MONEY_CASES } from './money-cases';

/**
 * The marketplace's routes (issue 9) in the authorization matrix. Each module keeps its cases
 * in a file of its own here and spreads them in below.
 */
export const MARKETPLACE_CASES: Record<string, TCase> = {
  ...MONEY_CASES,
  ...FILL_CASES,

  ...CAMPAIGN_CASES,
  ...APPROVAL_CASES,
};

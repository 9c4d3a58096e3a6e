import { z } from 'zod';

/**
 * What a campaign is about, picked by the buyer (required at submission) and checked by the
 * super-user at approval. A short list modelled on the IAB content taxonomy's tier 1.
 */
export const AD_CATEGORIES = [
  'automotive',
  'business-finance',
  'education',
  'entertainment-events',
  'food-drink',
  'health-fitness',
  'home-garden',
  'real-estate',
  'retail-shopping',
  'style-beauty',
  'technology',
  'travel',
  'alcohol',
  'gambling',
  'politics-causes',
  'other',
] as const;
export const ZAdCategory = z.enum(AD_CATEGORIES, 'Pick a category.');
export type TAdCategory = z.infer<typeof ZAdCategory>;

export const AD_CATEGORY_LABELS: Record<TAdCategory, string> = {
  automotive: 'Automotive',
  'business-finance': 'Business and finance',
  education: 'Education',
  'entertainment-events': 'Entertainment and events',
  'food-drink': 'Food and drink',
  'health-fitness': 'Health and fitness',
  'home-garden': 'Home and garden',
  'real-estate': 'Real estate',
  'retail-shopping': 'Retail and shopping',
  'style-beauty': 'Style and beauty',
  technology: 'Technology',
  travel: 'Travel',
  alcohol: 'Alcohol',
  gambling: 'Gambling',
  'politics-causes': 'Politics and causes',
  other: 'Something else',
};

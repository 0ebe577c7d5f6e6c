/** Coaches (docs/product.md#community-limits, docs/product.md#admin-validation, #admin-limits). */

export const COACH_SPECIALTIES = [
  'beginner',
  'intermediate',
  'advanced',
  'putting',
  'short_game',
  'driving',
  'mental_game',
  'junior',
  'senior',
] as const;
export const COACH_MAX_CARD_SPECIALTIES = 3;
export const COACH_YEARS_EXPERIENCE = { min: 0, max: 50 } as const;
export const DEFAULT_COACH_SCHEDULE_HOURS = '9:00 AM - 5:00 PM';

/** How a specialty reads in the filter and on cards: the spec's underscore form, spaced and capitalised. */
export const COACH_SPECIALTY_LABELS: Record<(typeof COACH_SPECIALTIES)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  putting: 'Putting',
  short_game: 'Short Game',
  driving: 'Driving',
  mental_game: 'Mental Game',
  junior: 'Junior',
  senior: 'Senior',
};

/** Texts of the coach screens (docs/product.md#community-errors). */
export const COACH_MESSAGES = {
  listFailed: 'Failed to fetch coaches',
  detailFailed: 'Failed to fetch coach details',
  notFound: 'Coach not found',
} as const;

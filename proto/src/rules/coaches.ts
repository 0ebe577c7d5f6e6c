/** Coaches (spec 2 §9, spec 3 §§5, 9). */

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

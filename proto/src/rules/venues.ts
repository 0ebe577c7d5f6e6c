/** Venues (spec 2 §3, spec 3 §3). */

export const VENUE_TYPES = [
  'golf_course',
  'driving_range',
  'indoor_facility',
  'pitch_and_putt',
  'mini_golf',
  'practice_nets',
  'practice_chipping',
  'practice_green',
] as const;
export type VenueType = (typeof VENUE_TYPES)[number];
/** Types that exist only to pick stock images. */
export const STOCK_IMAGE_VENUE_TYPES = [...VENUE_TYPES, 'putting_green', 'clubhouse'] as const;
/** The admin wizard adds 'other', replaced on save by comma-separated custom types. */
export const ADMIN_VENUE_TYPES = [...VENUE_TYPES, 'other'] as const;
export const COURSE_TYPES = [
  'championship',
  'executive',
  'resort',
  'municipal',
  'private',
  'semi_private',
  'public',
] as const;
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const COURSE_AMENITIES = [
  'driving_range',
  'putting_green',
  'chipping_area',
  'practice_bunker',
  'golf_lessons',
  'club_fitting',
  'golf_simulator',
] as const;
export const CLUB_AMENITIES = [
  'restaurant',
  'bar',
  'pro_shop',
  'locker_room',
  'event_facilities',
  'conference_room',
  'parking',
  'wifi',
] as const;
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export const DEFAULT_COUNTRY = 'Australia';
export const NEW_VENUE_DEFAULTS = {
  venue_type: ['golf_course'],
  is_active: true,
  is_verified: false,
} as const;

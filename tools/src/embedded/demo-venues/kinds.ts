import type { BusinessHours, ImportVenueBody } from '@linksmate/proto';

/**
 * The demo directory: real Australian golf venues with their true names, suburbs, postcodes and
 * states (public facts). Where a course's Wikipedia entry gives coordinates they are used to four
 * decimals; elsewhere the venue is placed on its grounds to three decimals (about 100 m), and left
 * without coordinates where we could not place it that well. Amenities, hours and dress codes are
 * the usual ones for a venue of its kind, for the demo, not the venue's own published terms; phone
 * numbers are left out, and a website is given only where the club's own domain is certain.
 */
export type DemoVenue = Omit<ImportVenueBody, 'admin_user_ids'> & {
  slug: string;
  /** The demo logins that run the venue (facility admins). */
  admins?: readonly string[];
};

export const week = (weekdays: string, saturday = weekdays, sunday = saturday): BusinessHours => ({
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: weekdays,
  friday: weekdays,
  saturday,
  sunday,
});

export const HOURS = {
  privateClub: week('7:00 AM - 6:00 PM', '6:00 AM - 6:30 PM'),
  publicCourse: week('6:00 AM - 7:30 PM'),
  range: week('7:00 AM - 10:00 PM', '6:30 AM - 10:00 PM', '6:30 AM - 9:00 PM'),
  resort: week('6:00 AM - 8:00 PM'),
  tropical: week('5:30 AM - 7:00 PM'),
  // Closed on Mondays: a club that rests its course one day a week.
  country: { ...week('7:00 AM - 6:00 PM'), monday: 'Closed' },
  indoor: {
    ...week('12:00 PM - 11:00 PM', '10:00 AM - 12:00 AM', '10:00 AM - 10:00 PM'),
    friday: '12:00 PM - 12:00 AM',
  },
} satisfies Record<string, BusinessHours>;

export const DRESS = {
  club: 'Collared shirt; tailored shorts, skirt or trousers; soft-spike golf shoes. No denim.',
  smartCasual: 'Smart casual golf attire; soft spikes or flat-soled shoes.',
  none: null,
};

/** The common fields of an 18-hole private members' club. */
export const privateClub = {
  venue_type: ['golf_course', 'practice_green', 'practice_chipping'],
  course_type: 'private',
  business_hours: HOURS.privateClub,
  dress_code: DRESS.club,
  course_full_length: 18,
  course_half_length: 9,
  rounds_offered: '18 holes',
  carts_available: true,
  social_clubs_allowed: false,
  linksmate_comp_play_allowed: false,
  course_amenities: ['driving_range', 'putting_green', 'chipping_area', 'practice_bunker', 'golf_lessons'],
  club_amenities: ['restaurant', 'bar', 'pro_shop', 'locker_room', 'parking'],
  difficulty_men: 'advanced',
  difficulty_women: 'advanced',
  social_golf_days: [],
} satisfies Partial<ImportVenueBody>;

/** A council or trust course anyone may book. */
export const publicCourse = {
  venue_type: ['golf_course'],
  course_type: 'public',
  business_hours: HOURS.publicCourse,
  dress_code: DRESS.smartCasual,
  course_full_length: 18,
  course_half_length: 9,
  rounds_offered: '18 holes, 9 holes',
  carts_available: true,
  social_clubs_allowed: true,
  linksmate_comp_play_allowed: true,
  course_amenities: ['putting_green', 'golf_lessons'],
  club_amenities: ['bar', 'pro_shop', 'parking'],
  difficulty_men: 'intermediate',
  difficulty_women: 'intermediate',
  social_golf_days: ['tuesday', 'thursday', 'sunday'],
} satisfies Partial<ImportVenueBody>;

/** A resort course with rooms, functions and conferences. */
export const resort = {
  venue_type: ['golf_course', 'practice_green'],
  course_type: 'resort',
  business_hours: HOURS.resort,
  dress_code: DRESS.smartCasual,
  course_full_length: 18,
  course_half_length: 9,
  rounds_offered: '18 holes, 9 holes',
  carts_available: true,
  social_clubs_allowed: true,
  linksmate_comp_play_allowed: true,
  course_amenities: ['driving_range', 'putting_green', 'chipping_area', 'golf_lessons', 'club_fitting'],
  club_amenities: [
    'restaurant',
    'bar',
    'pro_shop',
    'locker_room',
    'event_facilities',
    'conference_room',
    'parking',
    'wifi',
  ],
  difficulty_men: 'intermediate',
  difficulty_women: 'intermediate',
  social_golf_days: ['wednesday', 'saturday'],
} satisfies Partial<ImportVenueBody>;

/** A members' club outside the capitals that welcomes visitors and social groups. */
export const countryClub = {
  venue_type: ['golf_course'],
  course_type: 'semi_private',
  business_hours: HOURS.country,
  dress_code: DRESS.smartCasual,
  course_full_length: 18,
  course_half_length: 9,
  rounds_offered: '18 holes, 9 holes',
  carts_available: true,
  social_clubs_allowed: true,
  linksmate_comp_play_allowed: true,
  course_amenities: ['putting_green', 'chipping_area', 'golf_lessons'],
  club_amenities: ['bar', 'pro_shop', 'parking', 'event_facilities'],
  difficulty_men: 'intermediate',
  difficulty_women: 'intermediate',
  social_golf_days: ['wednesday', 'friday'],
} satisfies Partial<ImportVenueBody>;

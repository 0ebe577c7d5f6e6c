import type { Executor } from '@linksmate/platform';
import type * as schema from './schema';
import type { coaches, coachVenues, courseTees, teeHoles, venueCourses, venueMedia, venues } from './schema';

/** The venues database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
export type VenueRow = typeof venues.$inferSelect;
export type NewVenue = typeof venues.$inferInsert;
export type VenueMediaRow = typeof venueMedia.$inferSelect;
export type CoachRow = typeof coaches.$inferSelect;
export type NewCoach = typeof coaches.$inferInsert;
export type CoachVenueRow = typeof coachVenues.$inferSelect;
export type CourseRow = typeof venueCourses.$inferSelect;
export type TeeRow = typeof courseTees.$inferSelect;
export type TeeHoleRow = typeof teeHoles.$inferSelect;

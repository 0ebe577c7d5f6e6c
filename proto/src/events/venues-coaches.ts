import Type from 'typebox';
import { AggregateVersion, Id, Nullable, NullableString, Timestamp } from '../schema';
import { defineEvent } from './registry';

export const VenueSnapshot = Type.Object({
  venue_id: Id,
  name: Type.String(),
  slug: NullableString,
  address: NullableString,
  city: NullableString,
  state: NullableString,
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  is_active: Type.Boolean(),
  is_verified: Type.Boolean(),
  /**
   * Who runs the venue (its facility admins: approved venue claims), in the order they were given it.
   * Optional so events published before it was carried still validate; absent means none known.
   */
  admin_user_ids: Type.Optional(Type.Array(Id)),
  version: AggregateVersion,
});
export const VenueCreated = defineEvent('venues.venue.created', 1, VenueSnapshot);
export const VenueUpdated = defineEvent('venues.venue.updated', 1, VenueSnapshot);
export const VenueDeleted = defineEvent(
  'venues.venue.deleted',
  1,
  Type.Object({ venue_id: Id, version: AggregateVersion }),
);

/** A person submitted a venue for review (`POST /venues/user-created`); the admin area lists it. */
export const VenueSubmitted = defineEvent(
  'venues.venue.submitted',
  1,
  Type.Object({ ...VenueSnapshot.properties, submitted_by_user_id: Id }),
);

export const CoachSnapshot = Type.Object({
  coach_id: Id,
  user_id: Nullable(Id),
  first_name: NullableString,
  last_name: NullableString,
  email: NullableString,
  profile_image_url: NullableString,
  venue_id: Nullable(Id),
  is_verified: Type.Boolean(),
  version: AggregateVersion,
});
export const CoachCreated = defineEvent('venues.coach.created', 1, CoachSnapshot);
export const CoachUpdated = defineEvent('venues.coach.updated', 1, CoachSnapshot);
export const CoachDeleted = defineEvent(
  'venues.coach.deleted',
  1,
  Type.Object({ coach_id: Id, version: AggregateVersion }),
);

/**
 * An admin decided a profile claim: its claimant (an account the claim made or found) is told in
 * the app as well as by mail. `user_id` null: a claim from before accounts were linked to claims.
 */
const ProfileClaimDecision = Type.Object({
  claim_id: Id,
  user_id: Nullable(Id),
  entity_type: Type.Union([Type.Literal('coach'), Type.Literal('venue')]),
  entity_id: Id,
  entity_name: Type.String(),
  admin_notes: NullableString,
  decided_at: Timestamp,
});
export const ProfileClaimApproved = defineEvent('venues.profile-claim.approved', 1, ProfileClaimDecision);
export const ProfileClaimRejected = defineEvent('venues.profile-claim.rejected', 1, ProfileClaimDecision);

export const venuesCoachesEvents = [
  VenueCreated,
  VenueUpdated,
  VenueDeleted,
  VenueSubmitted,
  CoachCreated,
  CoachUpdated,
  CoachDeleted,
  ProfileClaimApproved,
  ProfileClaimRejected,
];

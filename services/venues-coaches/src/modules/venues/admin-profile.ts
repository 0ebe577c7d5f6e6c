import { notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  ADMIN_VENUE_MESSAGES,
  type AdminProfileReply,
  isSiteAdminRole,
} from '@linksmate/proto';
import type { CoachesService } from '../coaches/service';
import type { VenuesService } from './service';

/**
 * `GET /admin/profile` (docs/product.md#admin-calls): who the admin is and what they run. A facility admin runs a
 * venue (404 'No venue found for this admin' before one is assigned); a coach admin has a coach
 * profile; site admins run the platform.
 */
export class AdminProfileService {
  constructor(
    private readonly venues: VenuesService,
    private readonly coaches: CoachesService,
  ) {}

  async of(user: AccessTokenClaims): Promise<AdminProfileReply> {
    const who = { id: user.user_id, role: user.role };
    if (isSiteAdminRole(user.role))
      return { user: who, profile: { status: 'active', venue_id: null, venue_name: null, coach_id: null } };
    if (user.role === 'coach_admin') {
      const coach = await this.coaches.ownCoach(user.user_id);
      return {
        user: who,
        profile: {
          status: coach ? 'active' : 'no_coach_profile',
          venue_id: null,
          venue_name: null,
          coach_id: coach?.id ?? null,
        },
      };
    }
    const [venueId] = await this.venues.runBy(user.user_id);
    const venue = venueId ? await this.venues.find(venueId) : undefined;
    if (!venue) throw notFound(ADMIN_VENUE_MESSAGES.noVenueForAdmin, 'no_venue_assigned');
    return {
      user: who,
      profile: { status: 'active', venue_id: venue.id, venue_name: venue.name, coach_id: null },
    };
  }
}

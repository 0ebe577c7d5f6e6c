import type { VenueReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { venueKeys } from './keys';

export type { Venue, VenueMedia } from '@linksmate/proto';

/**
 * docs/product.md#community-calls: GET /venues/{id} → `{venue}`; public. A venue that does not exist or
 * is not listed answers 404. The venue's page shows it, and the claim screen says which venue is
 * being claimed.
 */
export const getVenue = (venueId: number) => api.get<VenueReply>(`/venues/${venueId}`, { auth: false });

export const venueQuery = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.byId(venueId), queryFn: () => getVenue(venueId) });

/** `null` (an address that names no venue) asks nothing. */
export function useVenue(venueId: number | null) {
  return useQuery({ ...venueQuery(venueId ?? 0), enabled: venueId !== null });
}

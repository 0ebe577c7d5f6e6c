import type { VenueReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { venuesKeys } from './keys';

export type { Venue, VenueMedia } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /venues/{id} → `{venue}`; a venue that does not exist or is not listed answers 404. */
export const getVenue = (venueId: number) => api.get<VenueReply>(`/venues/${venueId}`);

export const venueQuery = (venueId: number) =>
  queryOptions({ queryKey: venuesKeys.byId(venueId), queryFn: () => getVenue(venueId) });

export function useVenue(venueId: number, enabled = true) {
  return useQuery({ ...venueQuery(venueId), enabled });
}

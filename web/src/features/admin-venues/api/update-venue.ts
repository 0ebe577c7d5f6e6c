import type { AdminVenueBody, AdminVenueReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** docs/product.md#admin-calls: PUT /admin/venues/{id}, the same payload as creation. */
export const updateVenue = ({ venueId, body }: { venueId: number; body: AdminVenueBody }) =>
  api.put<AdminVenueReply>(`/admin/venues/${venueId}`, body);

export const useUpdateVenue = () => useVenuesMutation(updateVenue);

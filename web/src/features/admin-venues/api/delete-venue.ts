import type { MessageReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** docs/product.md#admin-calls: DELETE /admin/venues/{id}. */
export const deleteVenue = (venueId: number) => api.delete<MessageReply>(`/admin/venues/${venueId}`);

export const useDeleteVenue = () => useVenuesMutation(deleteVenue);

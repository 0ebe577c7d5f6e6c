import type { AdminVenueBody, AdminVenueReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useVenuesMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/venues with the wizard's fields → 201 `{venue}`; 422 names the fields. */
export const createVenue = (body: AdminVenueBody) => api.post<AdminVenueReply>('/admin/venues', body);

export const useCreateVenue = () => useVenuesMutation(createVenue);

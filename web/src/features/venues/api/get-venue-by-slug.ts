import type { VenueReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { venuesKeys } from './keys';

/** docs/product.md#community-calls: GET /venues/slug/{slug} → `{venue}`, the same venue as by its id. */
export const getVenueBySlug = (slug: string) =>
  api.get<VenueReply>(`/venues/slug/${encodeURIComponent(slug)}`);

export const venueBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: venuesKeys.bySlug(slug), queryFn: () => getVenueBySlug(slug) });

export function useVenueBySlug(slug: string, enabled = true) {
  return useQuery({ ...venueBySlugQuery(slug), enabled });
}

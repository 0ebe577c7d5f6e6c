/** The admin area's venue pickers (coaches, coach venues, official events) share this list. */
import type { AdminVenuesReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from './api-client';

/** Pickers ask for venues 100 at a time (docs/product.md#admin-calls). */
const PICKER_PAGE = PAGE_SIZES.venuePickerBatch;

export interface VenueOption {
  value: string;
  label: string;
}

/** docs/product.md#admin-calls: GET /admin/venues?limit&offset, page after page until every venue is in the picker. */
export async function getVenueOptions(): Promise<VenueOption[]> {
  const options: VenueOption[] = [];
  for (let offset = 0; ; offset += PICKER_PAGE) {
    const reply = await api.get<AdminVenuesReply>(
      `/admin/venues${queryString({ limit: PICKER_PAGE, offset })}`,
    );
    for (const venue of reply.venues) {
      const place = [venue.city, venue.state].filter(Boolean).join(', ');
      options.push({ value: String(venue.id), label: place ? `${venue.name} (${place})` : venue.name });
    }
    if (reply.venues.length < PICKER_PAGE || offset + PICKER_PAGE >= reply.count) return options;
  }
}

export const venueOptionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'venue-options'] as const,
    queryFn: getVenueOptions,
    staleTime: 60_000,
  });

export const useVenueOptions = (enabled = true) => useQuery({ ...venueOptionsQuery(), enabled });

import type { AdminVenuesReply, VenuesReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { venueKeys } from './keys';

/**
 * Every venue as a picker's options: the admin area's (coaches, coach venues, availability, official
 * events) and the edit event dialog's. Pickers ask for venues 100 at a time (docs/product.md#admin-calls).
 */
const PICKER_PAGE = PAGE_SIZES.venuePickerBatch;

export interface VenueOption {
  value: string;
  label: string;
}

/**
 * Which list a picker reads: the admin area's (`GET /admin/venues`, every venue, for the roles of
 * the Venues section) or the directory's (`GET /venues`, the approved venues anyone sees), for a
 * coach or coach_admin picking where they teach.
 */
export type VenueOptionsSource = 'admin' | 'directory';

/**
 * docs/product.md#admin-calls: GET /admin/venues?limit&offset (or GET /venues), page after page until every
 * venue is in the picker.
 */
export async function getVenueOptions(source: VenueOptionsSource = 'admin'): Promise<VenueOption[]> {
  const options: VenueOption[] = [];
  const path = source === 'admin' ? '/admin/venues' : '/venues';
  for (let offset = 0; ; offset += PICKER_PAGE) {
    const reply = await api.get<AdminVenuesReply | VenuesReply>(
      `${path}${queryString({ limit: PICKER_PAGE, offset })}`,
    );
    for (const venue of reply.venues) {
      const place = [venue.city, venue.state].filter(Boolean).join(', ');
      options.push({ value: String(venue.id), label: place ? `${venue.name} (${place})` : venue.name });
    }
    if (reply.venues.length < PICKER_PAGE || offset + PICKER_PAGE >= reply.count) return options;
  }
}

export const venueOptionsQuery = (source: VenueOptionsSource = 'admin') =>
  queryOptions({
    queryKey: venueKeys.pickerOptions(source),
    queryFn: () => getVenueOptions(source),
    staleTime: 60_000,
  });

export const useVenueOptions = (enabled = true, source: VenueOptionsSource = 'admin') =>
  useQuery({ ...venueOptionsQuery(source), enabled });

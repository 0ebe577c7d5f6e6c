import type { AdminVenuesReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminAvailabilityKeys } from './keys';

const PICKER_PAGE = PAGE_SIZES.venuePickerBatch;

export interface VenueOption {
  value: string;
  label: string;
}

/**
 * Spec 3 §7: GET /admin/venues?limit&offset, 100 at a time: the venues a facility admin manages
 * (the server answers with theirs only), for the slot's venue.
 */
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
    queryKey: adminAvailabilityKeys.venueOptions(),
    queryFn: getVenueOptions,
    staleTime: 60_000,
  });

export const useVenueOptions = (enabled: boolean) => useQuery({ ...venueOptionsQuery(), enabled });

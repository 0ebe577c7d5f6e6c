import type { AdminVenuesReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminCreateEventKeys } from './keys';

const PICKER_PAGE = PAGE_SIZES.venuePickerBatch;

export interface Option {
  value: string;
  label: string;
}

/** Spec 3 §7: GET /admin/venues?limit&offset, 100 at a time, until every venue is in the picker. */
export async function getVenueOptions(): Promise<Option[]> {
  const options: Option[] = [];
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

export const useVenueOptions = () =>
  useQuery({ queryKey: adminCreateEventKeys.venueOptions(), queryFn: getVenueOptions, staleTime: 60_000 });

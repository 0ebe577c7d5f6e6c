import type { VenueListItem, VenuesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { eventsKeys } from './keys';

const BATCH = 100;

/** docs/product.md#community-calls: venues for pickers are loaded in batches of 100 until a short batch. */
export async function getVenueChoices(): Promise<VenueListItem[]> {
  const venues: VenueListItem[] = [];
  for (let offset = 0; ; offset += BATCH) {
    const reply = await api.get<VenuesReply>(`/venues${queryString({ limit: BATCH, offset })}`);
    venues.push(...reply.venues);
    if (reply.venues.length < BATCH) return venues;
  }
}

export const venueChoicesQuery = () =>
  queryOptions({ queryKey: eventsKeys.venueChoices(), queryFn: getVenueChoices, staleTime: 5 * 60_000 });

export function useVenueChoices(enabled: boolean) {
  return useQuery({ ...venueChoicesQuery(), enabled });
}

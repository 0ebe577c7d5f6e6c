import type { VenueReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { claimProfileKeys } from './keys';

export type { Venue } from '@linksmate/proto';

/** docs/product.md#community-calls "Claim profile": GET /venues/{id} shows which venue is being claimed; public. */
export const getVenueSummary = (venueId: number) =>
  api.get<VenueReply>(`/venues/${venueId}`, { auth: false });

export const venueSummaryQuery = (venueId: number) =>
  queryOptions({ queryKey: claimProfileKeys.venue(venueId), queryFn: () => getVenueSummary(venueId) });

/** `null` asks nothing (the address names a coach, or no valid id). */
export function useVenueSummary(venueId: number | null) {
  return useQuery({ ...venueSummaryQuery(venueId ?? 0), enabled: venueId !== null });
}

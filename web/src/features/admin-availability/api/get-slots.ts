import type { AvailabilityQuery, AvailabilityReply, AvailabilitySlot } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminAvailabilityKeys } from './keys';

export type SlotsListQuery = Partial<AvailabilityQuery>;

/** Spec 3 §7: GET /admin/availability with start_date, end_date, status, limit, offset → slots, total. */
export const getSlots = (query: SlotsListQuery) =>
  api.get<AvailabilityReply>(`/admin/availability${queryString(query)}`);

export const useSlots = (query: SlotsListQuery, enabled = true) =>
  useQuery({
    queryKey: adminAvailabilityKeys.list(query),
    queryFn: () => getSlots(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });

/** The calendar reads its whole month, 100 at a time, up to this many slots. */
const MONTH_PAGE = 100;
export const MONTH_CAP = 1000;

/** Every slot of a range (a calendar's month), page after page. */
export async function getAllSlots(query: Omit<SlotsListQuery, 'limit' | 'offset'>) {
  const slots: AvailabilitySlot[] = [];
  let total = 0;
  for (let offset = 0; offset < MONTH_CAP; offset += MONTH_PAGE) {
    const reply = await getSlots({ ...query, limit: MONTH_PAGE, offset });
    slots.push(...reply.slots);
    total = reply.total;
    if (reply.slots.length < MONTH_PAGE || slots.length >= total) break;
  }
  return { slots, total };
}

export const useMonthSlots = (query: Omit<SlotsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminAvailabilityKeys.month(query),
    queryFn: () => getAllSlots(query),
    placeholderData: keepPreviousData,
    enabled,
  });

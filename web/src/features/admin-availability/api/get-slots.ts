import type { AvailabilityQuery, AvailabilityReply } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { readWholeMonth } from '../../../lib/month-pages';
import { adminAvailabilityKeys } from './keys';

export type SlotsListQuery = Partial<AvailabilityQuery>;

/** docs/product.md#admin-calls: GET /admin/availability with start_date, end_date, status, limit, offset → slots, total. */
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

/** Every slot of a range (a calendar's month), page after page. */
export const getAllSlots = (query: Omit<SlotsListQuery, 'limit' | 'offset'>) =>
  readWholeMonth('slots', (page) => getSlots({ ...query, ...page }));

export const useMonthSlots = (query: Omit<SlotsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminAvailabilityKeys.month(query),
    queryFn: () => getAllSlots(query),
    placeholderData: keepPreviousData,
    enabled,
  });

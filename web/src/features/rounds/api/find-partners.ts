import type { PartnerSearchReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/** docs/product.md#rounds: GET /rounds/partners?search → LinksMate golfers by name, to play with. */
export const findPartners = (search: string) =>
  api.get<PartnerSearchReply>(`/rounds/partners${queryString({ search })}`).then((reply) => reply.people);

export const partnersQuery = (search: string) =>
  queryOptions({ queryKey: roundsKeys.partners(search), queryFn: () => findPartners(search) });

/** What was found for the last letters stays while the next search runs. */
export const usePartnerSearch = (search: string) =>
  useQuery({
    ...partnersQuery(search),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

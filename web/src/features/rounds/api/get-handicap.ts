import type { HandicapReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/** docs/product.md#rounds: GET /rounds/handicap → the own index, low index, cap and history. */
export const getHandicap = () => api.get<HandicapReply>('/rounds/handicap');

export const handicapQuery = () => queryOptions({ queryKey: roundsKeys.handicap(), queryFn: getHandicap });

export const useHandicap = () => useQuery(handicapQuery());

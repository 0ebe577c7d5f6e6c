import type { RoundsToConfirmReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/** docs/product.md#rounds: GET /rounds/to-confirm → the copies partners recorded, waiting for a decision. */
export const getRoundsToConfirm = () => api.get<RoundsToConfirmReply>('/rounds/to-confirm');

export const roundsToConfirmQuery = () =>
  queryOptions({ queryKey: roundsKeys.toConfirm(), queryFn: getRoundsToConfirm });

export const useRoundsToConfirm = () => useQuery(roundsToConfirmQuery());

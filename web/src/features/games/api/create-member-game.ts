import type { CreateMemberGameBody, Event } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gamesKeys } from './keys';

/** docs/product.md#community-calls: POST /member-games → the created game (members need a valid membership). */
export const createMemberGame = (body: CreateMemberGameBody) => api.post<Event>('/member-games', body);

export function useCreateMemberGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemberGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesKeys.all }),
  });
}

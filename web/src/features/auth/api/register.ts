import type { RegisterBody, RegisterReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegisterInput = Omit<RegisterBody, 'role'>;

/** The role sent at registration is always member (docs/product.md#account-validation). */
export const register = (input: RegisterInput) =>
  api.post<RegisterReply>('/auth/register', { ...input, role: 'member' } satisfies RegisterBody, {
    auth: false,
  });

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
}

/** The role sent at registration is always member (spec 1 §5). */
export const register = (input: RegisterInput) =>
  api.post<{ message: string; user: { id: number; username: string; email: string } }>(
    '/auth/register',
    { ...input, role: 'member' },
    { auth: false },
  );

export function useRegister() {
  return useMutation({ mutationFn: register });
}

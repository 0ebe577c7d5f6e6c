import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

export const login = (input: LoginInput) =>
  api.post<{ token: string }>('/auth/login', input, { auth: false });

export function useLogin() {
  return useMutation({ mutationFn: login });
}

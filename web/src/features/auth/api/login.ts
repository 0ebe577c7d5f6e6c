import type { LoginBody, TokenReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device';

export type LoginInput = LoginBody;

/** The browser's own id goes along: identity lets the owner's browser in while strangers are held back. */
export const login = (input: LoginInput) =>
  api.post<TokenReply>('/auth/login', input, { auth: false, headers: { 'X-Device-Id': deviceId() } });

export function useLogin() {
  return useMutation({ mutationFn: login });
}

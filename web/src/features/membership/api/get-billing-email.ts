import type { ProfileReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { membershipKeys } from './keys';

/** The signed-in person's e-mail, to fill the checkout's billing e-mail. */
export const getBillingEmail = () => api.get<ProfileReply>('/profile').then((r) => r.user.email ?? '');

export const billingEmailQuery = () =>
  queryOptions({ queryKey: membershipKeys.billingEmail(), queryFn: getBillingEmail });

export function useBillingEmail() {
  return useQuery({ ...billingEmailQuery(), enabled: !!getStoredToken(), retry: false });
}

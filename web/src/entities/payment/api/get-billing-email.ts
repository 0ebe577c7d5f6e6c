import type { ProfileReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { paymentKeys } from './keys';

/** The signed-in person's e-mail, to fill a checkout's billing e-mail. */
export const getBillingEmail = () => api.get<ProfileReply>('/profile').then((r) => r.user.email ?? '');

export const billingEmailQuery = () =>
  queryOptions({ queryKey: paymentKeys.billingEmail(), queryFn: getBillingEmail });

/** Asked only when signed in; a checkout without it leaves the field for the person to fill. */
export function useBillingEmail(enabled = true) {
  return useQuery({ ...billingEmailQuery(), enabled: enabled && !!getStoredToken(), retry: false });
}

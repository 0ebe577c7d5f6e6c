import type { AdminCoachReply } from '@linksmate/proto';
import { ADMIN_COACH_MESSAGES } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { getAdminProfile } from './get-admin-profile';
import { coachVenuesKeys } from './keys';

export const OWN_COACH_MESSAGES = {
  notFound: 'Could not find your coach profile. Please contact an administrator.',
  noProfileYet: ADMIN_COACH_MESSAGES.noCoachProfile,
  loadFailed: 'Failed to load your coach profile. Please try again later.',
} as const;

/** Why the own coach profile could not be found, in the spec's words (docs/product.md#admin-errors). */
export class OwnCoachError extends Error {}

/** docs/product.md#admin-calls: GET /admin/coaches/by-user/{userId}, the caller's own coach profile. */
export const getCoachByUser = (userId: number) =>
  api.get<AdminCoachReply>(`/admin/coaches/by-user/${userId}`);

const refusedOrMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * docs/product.md#admin-states "Coach venue lookup for coach roles": the own profile by user id; when that is refused
 * or missing, the admin profile names the coach. Fails with an OwnCoachError saying which case.
 */
export async function findOwnCoachId(userId: number): Promise<number> {
  try {
    return (await getCoachByUser(userId)).coach.id;
  } catch (error) {
    if (!refusedOrMissing(error)) throw new OwnCoachError(OWN_COACH_MESSAGES.loadFailed);
  }
  let coachId: number | null;
  try {
    coachId = (await getAdminProfile()).profile.coach_id;
  } catch (error) {
    throw new OwnCoachError(
      refusedOrMissing(error) ? OWN_COACH_MESSAGES.notFound : OWN_COACH_MESSAGES.loadFailed,
    );
  }
  if (coachId === null) throw new OwnCoachError(OWN_COACH_MESSAGES.noProfileYet);
  return coachId;
}

export const ownCoachQuery = (userId: number) =>
  queryOptions({
    queryKey: coachVenuesKeys.own(userId),
    queryFn: () => findOwnCoachId(userId),
    retry: false,
  });

export const useOwnCoachId = (userId: number | null) =>
  useQuery({ ...ownCoachQuery(userId ?? 0), enabled: userId !== null });

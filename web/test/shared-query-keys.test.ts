import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { announcementKeys } from '../src/entities/announcement/api/keys';
import { adminCoachesQuery } from '../src/entities/coach/api/get-admin-coaches';
import { coachQuery } from '../src/entities/coach/api/get-coach';
import { pickableUsersQuery } from '../src/entities/event/api/get-pickable-users';
import { billingEmailQuery } from '../src/entities/payment/api/get-billing-email';
import { findVenuesQuery } from '../src/entities/venue/api/find-venues';
import { venueQuery } from '../src/entities/venue/api/get-venue';
import { venueOptionsQuery } from '../src/entities/venue/api/get-venue-options';
import { reloadUsers } from '../src/features/admin-users/api/keys';
import { reloadVenues } from '../src/features/admin-venues/api/keys';
import { sharedQueryRoots } from '../src/lib/query-keys';

/**
 * A call two features share is cached once, under a root the features that change its data
 * invalidate: what one screen changes, the other screens read again (docs/architecture.md#web-layers).
 */
function cacheHolding(...keys: QueryKey[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { cached: true });
  return {
    queryClient,
    stale: () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated),
  };
}

describe('the shared calls’ query keys', () => {
  it('when a venue is changed in the admin area, then the directory, a venue’s page and every venue picker read again', async () => {
    const keys = [
      findVenuesQuery({ search: 'moore', limit: 10, offset: 0 }).queryKey,
      venueQuery(7).queryKey,
      venueOptionsQuery('admin').queryKey,
      venueOptionsQuery('directory').queryKey,
    ];
    const { queryClient, stale } = cacheHolding(...keys);
    await reloadVenues(queryClient);
    expect(stale()).toEqual(keys);
  });

  it('when someone is changed in Users, then the add-user picker reads again', async () => {
    const { queryClient, stale } = cacheHolding(pickableUsersQuery('jack').queryKey);
    await reloadUsers(queryClient);
    expect(stale()).toEqual([pickableUsersQuery('jack').queryKey]);
  });

  it('when the coaches change (a coach edited, a claim approved), then the admin lists, the new event’s coach picker and a coach’s page read again', async () => {
    const keys = [
      adminCoachesQuery({ limit: 10, offset: 0 }).queryKey,
      adminCoachesQuery({ limit: 100, offset: 0 }).queryKey,
      coachQuery(3).queryKey,
    ];
    const { queryClient, stale } = cacheHolding(...keys);
    await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.coaches });
    expect(stale()).toEqual(keys);
  });

  it('when the profile changes (a membership bought or ended), then the checkouts’ billing e-mail reads again', async () => {
    const { queryClient, stale } = cacheHolding(billingEmailQuery().queryKey);
    await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.profile });
    expect(stale()).toEqual([billingEmailQuery().queryKey]);
  });

  it('when an announcement is sent or pushed, then the one list both the admin and the members read is stale', async () => {
    const { queryClient, stale } = cacheHolding(announcementKeys.list());
    await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    expect(stale()).toEqual([announcementKeys.list()]);
  });
});

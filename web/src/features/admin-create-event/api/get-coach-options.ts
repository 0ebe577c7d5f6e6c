import type { AdminCoachesReply } from '@linksmate/proto';
import { useQuery } from '@tanstack/react-query';
import type { VenueOption as Option } from '../../../lib/admin-venue-options';
import { api } from '../../../lib/api-client';
import { adminCreateEventKeys } from './keys';

/** docs/product.md#admin-calls: GET /admin/coaches?limit=100 (site admins): the coaches an event may name. */
export const getCoachOptions = () =>
  api.get<AdminCoachesReply>('/admin/coaches?limit=100').then((reply): Option[] =>
    reply.coaches.map((coach) => ({
      value: String(coach.id),
      label:
        [coach.first_name, coach.last_name].filter(Boolean).join(' ') || coach.email || `Coach ${coach.id}`,
    })),
  );

export const useCoachOptions = () =>
  useQuery({ queryKey: adminCreateEventKeys.coachOptions(), queryFn: getCoachOptions, staleTime: 60_000 });

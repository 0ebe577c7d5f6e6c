import type { AdminCoachesReply } from '@linksmate/proto';
import type { ComboboxItem } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminCoachesQuery } from '../../../entities/coach/api/get-admin-coaches';

/** The first 100 coaches (docs/product.md#admin-calls, site admins) as the coaches an event may name. */
const optionsOf = (reply: AdminCoachesReply): ComboboxItem[] =>
  reply.coaches.map((coach) => ({
    value: String(coach.id),
    label:
      [coach.first_name, coach.last_name].filter(Boolean).join(' ') || coach.email || `Coach ${coach.id}`,
  }));

/** The admin coach list itself, so a coach added in Coaches shows here without a reload. */
export const useCoachOptions = () =>
  useQuery({ ...adminCoachesQuery({ limit: 100, offset: 0 }), select: optionsOf, staleTime: 60_000 });

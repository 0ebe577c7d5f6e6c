import type { AnnouncementsReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminAnnouncementsKeys } from './keys';

/** GET /announcements with limit and offset: newest first, 10 at a time. */
export const getAnnouncements = (offset: number, limit: number = PAGE_SIZES.announcements) =>
  api.get<AnnouncementsReply>(`/announcements${queryString({ limit, offset })}`);

export const announcementsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminAnnouncementsKeys.list(),
    queryFn: ({ pageParam }) => getAnnouncements(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: AnnouncementsReply) => {
      const next = last.offset + last.announcements.length;
      return last.announcements.length > 0 && next < last.total ? next : undefined;
    },
  });

export const useAnnouncements = () => useInfiniteQuery(announcementsQuery());

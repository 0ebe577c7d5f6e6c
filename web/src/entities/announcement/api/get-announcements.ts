import type { AnnouncementsReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { announcementKeys } from './keys';

/** docs/product.md#community-calls: GET /announcements with limit and offset, newest first, 10 a page. */
export const getAnnouncements = (offset: number) =>
  api.get<AnnouncementsReply>(`/announcements${queryString({ limit: PAGE_SIZES.announcements, offset })}`);

export const announcementsQuery = () =>
  infiniteQueryOptions({
    queryKey: announcementKeys.list(),
    queryFn: ({ pageParam }) => getAnnouncements(pageParam),
    initialPageParam: 0,
    // An empty page ends the list even when the total says more (one was deleted meanwhile).
    getNextPageParam: (last: AnnouncementsReply) => {
      const next = last.offset + last.announcements.length;
      return last.announcements.length > 0 && next < last.total ? next : undefined;
    },
  });

export const useAnnouncements = () => useInfiniteQuery(announcementsQuery());

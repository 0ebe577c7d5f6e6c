import type { AnnouncementsReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { messagesKeys } from './keys';

/** docs/product.md#community-calls: GET /announcements with limit and offset, newest first, 10 a page. */
export const getAnnouncements = (offset: number) =>
  api.get<AnnouncementsReply>(`/announcements${queryString({ limit: PAGE_SIZES.announcements, offset })}`);

export const announcementsQuery = () =>
  infiniteQueryOptions({
    queryKey: messagesKeys.announcements(),
    queryFn: ({ pageParam }) => getAnnouncements(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: AnnouncementsReply) =>
      last.offset + last.announcements.length < last.total
        ? last.offset + last.announcements.length
        : undefined,
  });

export function useAnnouncements() {
  return useInfiniteQuery(announcementsQuery());
}

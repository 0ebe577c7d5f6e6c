import type { CreateAnnouncementBody, CreateAnnouncementReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '../../../entities/announcement/api/keys';
import { api } from '../../../lib/api-client';

/** Spec 3 "Platform Announcements": POST /admin/announcements with content (site admins only). */
export const sendAnnouncement = (body: CreateAnnouncementBody) =>
  api.post<CreateAnnouncementReply>('/admin/announcements', body);

/** Sending one makes every list of announcements stale, this screen's and the members' panel. */
export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

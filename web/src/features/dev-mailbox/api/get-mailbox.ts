import type { CaughtMailSummary, MailboxReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { devMailboxKeys } from './keys';

export type CaughtMail = CaughtMailSummary;

export const getMailbox = () => api.get<MailboxReply>('/dev/mailbox', { auth: false });

export const mailboxQuery = () =>
  queryOptions({ queryKey: devMailboxKeys.all, queryFn: getMailbox, refetchInterval: 3_000 });

export function useMailbox() {
  return useQuery(mailboxQuery());
}

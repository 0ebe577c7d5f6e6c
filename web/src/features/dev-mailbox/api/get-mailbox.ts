import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { devMailboxKeys } from './keys';

export interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  sent_at: string;
  text: string;
  links: string[];
}

export const getMailbox = () => api.get<{ messages: CaughtMail[] }>('/dev/mailbox', { auth: false });

export const mailboxQuery = () =>
  queryOptions({ queryKey: devMailboxKeys.all, queryFn: getMailbox, refetchInterval: 3_000 });

export function useMailbox() {
  return useQuery(mailboxQuery());
}

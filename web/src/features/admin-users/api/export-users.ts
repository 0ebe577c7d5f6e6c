import { PUBLIC_API_PREFIX } from '@linksmate/proto/http';
import { ADMIN_MESSAGES } from '@linksmate/proto/rules';
import { useMutation } from '@tanstack/react-query';
import { ApiError, queryString } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import type { UsersListQuery } from './get-users';

/**
 * 'Export CSV': every person the list's filters match, as the server streams it, saved under the
 * name the server gives (users-export-{date}.csv).
 */
export async function exportUsers(query: Omit<UsersListQuery, 'page' | 'limit'>): Promise<void> {
  const token = getStoredToken();
  if (!token) throw new ApiError(ADMIN_MESSAGES.noToken, 401);
  const response = await fetch(`${PUBLIC_API_PREFIX}/admin/users/export${queryString(query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(body.error ?? `API error: ${response.status}`, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'users-export.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportUsers = () => useMutation({ mutationFn: exportUsers });

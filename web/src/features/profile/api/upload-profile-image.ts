import type { UploadReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';

/**
 * docs/product.md#account-calls: multipart POST /upload/profile-image, field `image`. Without a usable token nothing is
 * sent. The picture becomes the profile's only when the form that uploaded it is saved.
 */
export function uploadProfileImage(file: File): Promise<UploadReply> {
  if (!getStoredToken()) return Promise.reject(new ApiError('No valid authentication token found', 401));
  const body = new FormData();
  body.append('image', file);
  return api.post<UploadReply>('/upload/profile-image', body);
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}

import type { MessageMediaReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** docs/product.md#account-calls: multipart POST /upload/message-media (field `media`) → url and media_type. */
export const uploadMessageMedia = (file: File) => {
  const form = new FormData();
  form.append('media', file);
  return api.post<MessageMediaReply>('/upload/message-media', form);
};

export function useUploadMessageMedia() {
  return useMutation({ mutationFn: uploadMessageMedia });
}

import { randomUUID } from 'node:crypto';

/** Where the gateway serves stored uploads; every upload's public URL starts with it. */
export const UPLOADS_PATH = '/uploads';

/** Keys are ours: lower-case segments, none starting with a dot, so none can climb out of a root. */
const KEY = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*){0,7}$/;
const MAX_KEY_LENGTH = 200;

/** Whether a string is a key this platform could have made (the gateway refuses anything else). */
export function isStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
};

/** The content type a key's extension names; what the local disk serves, as it keeps no metadata. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** A fresh key under a folder, e.g. `profile-images/3f0c…`, with the given suffix (`.webp`). */
export function newStorageKey(folder: string, suffix: string): string {
  const key = `${folder}/${randomUUID()}${suffix}`;
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

/** The public URL of a key, as the gateway serves it, the same for every storage driver. */
export function uploadUrl(key: string): string {
  return `${UPLOADS_PATH}/${key}`;
}

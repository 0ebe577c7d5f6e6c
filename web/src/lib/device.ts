import { DEVICE_ID_PATTERN } from '@linksmate/proto/rules';
import { randomId } from './random-id';

const DEVICE_KEY = 'linksmate.device';

/**
 * A random id this browser keeps for itself. Sent with logins, it lets identity recognise the
 * owner's browser: the right password works there even while strangers' failed attempts hold the
 * account back. It identifies nothing but this browser's storage.
 */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id || !DEVICE_ID_PATTERN.test(id)) {
    id = randomId();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

import { DELAYS_MS } from '@linksmate/proto/rules';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear; fetched after the first screen (providers.tsx). */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={DELAYS_MS.toastDefault} />;
}

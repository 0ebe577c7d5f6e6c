import { MembershipActions } from '../../features/membership';
import { NotificationPreferencesCard } from '../../features/notifications';
import { ProfilePage } from '../../features/profile';

/** The own profile, with the membership's actions under its membership details and the notification settings. */
export function ProfileRoute() {
  return (
    <ProfilePage
      membershipActions={(membership) => <MembershipActions membership={membership} />}
      notificationSettings={<NotificationPreferencesCard />}
    />
  );
}

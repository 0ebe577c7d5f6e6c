import { MembershipActions } from '../../features/membership';
import { NotificationPreferencesCard } from '../../features/notifications';
import { ProfilePage } from '../../features/profile';
import { ProfileHandicapCard } from '../../features/rounds';

/**
 * The own profile, with the membership's actions under its membership details, the handicap index
 * the rounds keep (copied into the profile through the profile's own update) and the notification
 * settings.
 */
export function ProfileRoute() {
  return (
    <ProfilePage
      membershipActions={(membership) => <MembershipActions membership={membership} />}
      notificationSettings={<NotificationPreferencesCard />}
      handicapIndex={({ manualHandicap, copy }) => (
        <ProfileHandicapCard manualHandicap={manualHandicap} copy={copy} />
      )}
    />
  );
}

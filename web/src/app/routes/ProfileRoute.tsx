import { MembershipActions } from '../../features/membership';
import { ProfilePage } from '../../features/profile';

/** The own profile, with the membership's actions under its membership details. */
export function ProfileRoute() {
  return <ProfilePage membershipActions={(membership) => <MembershipActions membership={membership} />} />;
}

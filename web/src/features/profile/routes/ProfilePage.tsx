import { DELAYS_MS, PROFILE_TEXT_MESSAGES } from '@linksmate/proto/rules';
import { Alert, Button, Container, Grid, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPencil, IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { PROFILE_FORM_SECTIONS, type ProfileFormSection, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { type ProfileMembership, useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { MessageDigestSwitch } from '../components/MessageDigestSwitch';
import { ProfileDetails } from '../components/ProfileDetails';
import { ProfileEditForm } from '../components/ProfileEditForm';
import { ProfileHeaderCard } from '../components/ProfileHeaderCard';
import { SessionsCard } from '../components/SessionsCard';

function ProfileSkeleton() {
  return (
    <Container size="lg" py="xl" role="status" aria-busy="true" aria-label="Loading your profile">
      <Stack>
        <Skeleton height={140} radius="lg" />
        <Grid>
          {[0, 1, 2, 3].map((i) => (
            <Grid.Col key={i} span={{ base: 12, md: 6 }}>
              <Skeleton height={220} radius="lg" />
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Container>
  );
}

const sectionOf = (value: string | null): ProfileFormSection | null =>
  (PROFILE_FORM_SECTIONS as readonly string[]).includes(value ?? '') ? (value as ProfileFormSection) : null;

/**
 * docs/product.md#account-screens: the own profile, and its edit form at `?edit=<section>`. What can be done about
 * the membership belongs to the membership feature; the app fills that slot in (`membershipActions`)
 * so the two features stay apart. How notifications reach the person is the notification centre's
 * (docs/product.md#notifications); the app fills in `notificationSettings` the same way, and the
 * rounds' handicap index card (docs/product.md#rounds) through `handicapIndex`.
 */
export function ProfilePage({
  membershipActions,
  notificationSettings,
  handicapIndex,
}: {
  membershipActions?: (membership: ProfileMembership | null) => ReactNode;
  notificationSettings?: ReactNode;
  /** The rounds' handicap index card, given the profile's handicap and a way to set it to the index. */
  handicapIndex?: (props: {
    manualHandicap: number | null;
    copy(index: number): Promise<unknown>;
  }) => ReactNode;
}) {
  const { data, isPending, error } = useProfile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signOut } = useSession();
  const editing = sectionOf(params.get('edit'));
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();

  useEffect(() => {
    // docs/product.md#account-calls, #account-errors: a failed profile load is reported and sends the user to log in; a refused
    // token is dropped so the next login starts clean.
    if (!error) return;
    notifications.show({ color: 'red', title: 'Error', message: 'Failed to fetch profile' });
    const refused = error instanceof ApiError && error.status === 401;
    if (refused) signOut();
    navigate(paths.login.href(), {
      replace: true,
      state: { message: refused ? 'Authentication failed. Please log in again.' : undefined },
    });
  }, [error, navigate, signOut]);

  // docs/product.md#account-states: 'Profile updated successfully!' shows for 3 seconds.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), DELAYS_MS.savedMessage);
    return () => clearTimeout(timer);
  }, [saved]);

  if (isPending || !data) return <ProfileSkeleton />;

  const { user } = data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {params.get('welcome') === 'true' && !editing && (
          <Alert
            color="fairway"
            variant="light"
            icon={<IconSparkles size={18} aria-hidden />}
            title="Welcome to LinksMate!"
          >
            Your account is ready. Add your golf details so other players can find you.
          </Alert>
        )}
        <div role="status">
          {saved && (
            <Alert color="fairway" variant="light" icon={<IconCircleCheck size={18} aria-hidden />}>
              {PROFILE_TEXT_MESSAGES.updated}
            </Alert>
          )}
        </div>
        <ProfileHeaderCard
          user={user}
          actions={
            !editing && (
              <Button
                component={Link}
                to={paths.profile.href({ edit: 'basic' })}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit Profile
              </Button>
            )
          }
        />
        {editing ? (
          <ProfileEditForm
            // A new form for each visit to the edit view, filled from the profile as it is then.
            key={params.toString()}
            user={user}
            initialSection={editing}
            onSaved={() => {
              setSaved(true);
              navigate(paths.profile.href());
            }}
            onCancel={() => navigate(paths.profile.href())}
          />
        ) : (
          <>
            <ProfileDetails profile={data} membershipActions={membershipActions} />
            {handicapIndex?.({
              manualHandicap: user.manual_handicap,
              copy: (index) => update.mutateAsync({ manual_handicap: index }),
            })}
            <MessageDigestSwitch />
            {notificationSettings}
            <ChangePasswordCard />
            <SessionsCard />
          </>
        )}
      </Stack>
    </Container>
  );
}

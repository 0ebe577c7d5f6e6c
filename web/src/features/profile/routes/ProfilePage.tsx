import { AVAILABILITY_STATUS_LABELS, type AvailabilityStatus, maskEmail } from '@linksmate/proto/rules';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout, IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useLogout, useSession } from '../../../lib/session-context';
import { capitalise } from '../../../lib/text';
import { type ProfileMembership, useProfile } from '../api/get-profile';
import { MembershipStatusBadge } from '../components/MembershipStatusBadge';
import { ProfileHeaderCard } from '../components/ProfileHeaderCard';

const membershipName = (m: ProfileMembership | null) => (m?.type ? capitalise(m.type) : 'Free');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card shadow="xs" h="100%">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A paid subscription that has not been cancelled goes on by itself. */
const renewsAutomatically = (m: ProfileMembership) =>
  !!m.provider_subscription_id && !m.cancel_at_period_end && !m.ends_at;

// Dark enough for white text at WCAG AA.
const AVAILABILITY_COLOURS: Record<string, string> = {
  Available: 'fairway.8',
  Unavailable: 'gray.7',
  playing: 'blue.9',
};

/**
 * Spec 1 §2.12: the own profile. What can be done about the membership belongs to the membership
 * feature; the app fills that slot in (`membershipActions`) so the two features stay apart.
 */
export function ProfilePage({
  membershipActions,
}: {
  membershipActions?: (membership: ProfileMembership | null) => ReactNode;
}) {
  const { data, isPending, error } = useProfile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signOut } = useSession();

  useEffect(() => {
    // Spec 1 §§7, 8: a failed profile load is reported and sends the user to log in; a refused
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

  const logout = useLogout();

  if (isPending || !data) {
    return (
      <Container size="lg" py="xl">
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

  const { user, membership } = data;
  const status = user.availability_status as AvailabilityStatus;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {params.get('welcome') === 'true' && (
          <Alert
            color="fairway"
            variant="light"
            icon={<IconSparkles size={18} aria-hidden />}
            title="Welcome to LinksMate!"
          >
            Your account is ready. Add your golf details so other players can find you.
          </Alert>
        )}
        <ProfileHeaderCard user={user} />
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Section title="About Me">
              <Field label="Email">{user.email ? maskEmail(user.email) : '—'}</Field>
              <Field label="Username">{user.username}</Field>
              <Field label="Name">{[user.first_name, user.last_name].filter(Boolean).join(' ') || '—'}</Field>
              <Field label="Member since">{formatLongDate(user.created_at)}</Field>
              <Field label="Membership">{membershipName(membership)}</Field>
              <Field label="Status">
                <MembershipStatusBadge status={membership?.status} />
              </Field>
              {membership?.trial_ends_at && (
                <Field label="Trial ends">{formatLongDate(membership.trial_ends_at)}</Field>
              )}
              {(membership?.ends_at || membership?.current_period_ends_at) && (
                <Field label="Membership ends">
                  {formatLongDate(membership.ends_at ?? membership.current_period_ends_at)}
                  {renewsAutomatically(membership) && (
                    <Text span size="xs" c="dimmed" display="block">
                      renews automatically
                    </Text>
                  )}
                </Field>
              )}
              {membershipActions?.(membership)}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Section title="Golf Information">
              <Field label="Handicap">{user.manual_handicap ?? 'Not set'}</Field>
              <Field label="Skill level">{user.skill_level ? capitalise(user.skill_level) : 'Not set'}</Field>
              <Field label="Club memberships">{user.club_memberships_text || 'None listed'}</Field>
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Section title="Availability">
              <Stack gap="sm">
                <Group gap="sm">
                  <Badge color={AVAILABILITY_COLOURS[status] ?? 'gray.7'} size="lg" variant="filled">
                    {AVAILABILITY_STATUS_LABELS[status] ?? status}
                  </Badge>
                  {user.availability_status_message && (
                    <Text size="sm">{user.availability_status_message}</Text>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {user.is_profile_visible
                    ? 'Your profile is visible to other golfers, who can find you and ask you to play.'
                    : 'Your profile is hidden: other golfers cannot find you or see your details.'}
                </Text>
              </Stack>
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Section title="Account">
              <Stack gap="sm" align="flex-start">
                <Text size="sm" c="dimmed">
                  Signed in as @{user.username}.
                </Text>
                <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
                  Logout
                </Button>
              </Stack>
            </Section>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

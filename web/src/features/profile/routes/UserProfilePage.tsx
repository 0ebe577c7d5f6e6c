import { BLOCK_MESSAGES, DELAYS_MS } from '@linksmate/proto/rules';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconCircleCheck, IconMessageCircle, IconUserQuestion } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { AvailabilityBadge } from '../../../components/AvailabilityBadge';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { useBlockUser } from '../api/block-user';
import { useUserProfile } from '../api/get-user-profile';
import { Field, GolfInformation, Section } from '../components/ProfileFields';
import { ProfileHeaderCard } from '../components/ProfileHeaderCard';

const userIdOf = (param: string | undefined): number | null =>
  param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;

function BackToMyProfile() {
  return (
    <Anchor component={Link} to={paths.profile.href()} fw={500}>
      ← Back to My Profile
    </Anchor>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

/** A profile that is missing, hidden or behind a block looks the same: never say which (issue 10). */
function ProfileNotFound() {
  return (
    <Page>
      <BackToMyProfile />
      <Stack align="center" gap="md" ta="center" py={64}>
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconUserQuestion size={36} aria-hidden />
        </ThemeIcon>
        <Title order={1}>Golfer not found</Title>
        <Text c="dimmed" maw={460}>
          This profile isn't available. The golfer may have hidden their profile, or the link may be wrong.
        </Text>
        <Button component={Link} to={paths.players.href()}>
          Find Players
        </Button>
      </Stack>
    </Page>
  );
}

/**
 * Spec 2 "Other user's profile": who they are and how they play, a way to message them and a way to
 * block them. Opening one's own id shows the own profile.
 */
export function UserProfilePage() {
  const { userId: param } = useParams();
  const userId = userIdOf(param);
  const { claims } = useSession();
  const own = userId !== null && claims?.user_id === userId;
  const { data, isPending, error, refetch } = useUserProfile(own ? null : userId);
  const block = useBlockUser();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 404))
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to fetch user profile' });
  }, [error]);

  // docs/product.md#community-states: after blocking, the person returns to their own profile after 2 seconds.
  useEffect(() => {
    if (!blocked) return;
    const timer = setTimeout(() => navigate(paths.profile.href()), DELAYS_MS.afterBlockRedirect);
    return () => clearTimeout(timer);
  }, [blocked, navigate]);

  if (own) return <Navigate to={paths.profile.href()} replace />;
  if (userId === null) return <ProfileNotFound />;
  if (blocked) {
    return (
      <Page>
        <Alert
          color="fairway"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          role="status"
          title={BLOCK_MESSAGES.blocked}
        >
          Returning to your profile…
        </Alert>
        <BackToMyProfile />
      </Page>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <ProfileNotFound />;
  if (error) {
    return (
      <Page>
        <BackToMyProfile />
        <Alert color="red" variant="light" role="alert" title="Failed to fetch user profile">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Something went wrong while loading this profile.</Text>
            <Button size="xs" variant="default" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Page>
    );
  }
  if (isPending || !data) {
    return (
      <Page>
        <Skeleton height={20} width={160} />
        <Stack role="status" aria-busy="true" aria-label="Loading profile">
          <Skeleton height={140} radius="lg" />
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Skeleton height={200} radius="lg" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Skeleton height={200} radius="lg" />
            </Grid.Col>
          </Grid>
        </Stack>
      </Page>
    );
  }

  const { user } = data;
  const confirmBlock = () =>
    block.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false);
        setBlocked(true);
      },
      onError: () => {
        setConfirming(false);
        notifications.show({ color: 'red', title: 'Error', message: 'Failed to block user' });
      },
    });

  return (
    <Page>
      <BackToMyProfile />
      <ProfileHeaderCard
        user={user}
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.conversation.href('direct', user.id)}
              leftSection={<IconMessageCircle size={16} aria-hidden />}
            >
              {`Message ${user.username || 'User'}`}
            </Button>
            <Button
              variant="outline"
              color="red.8"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              Block User
            </Button>
          </Group>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="About">
            <Field label="Username">@{user.username}</Field>
            <Field label="Name">{[user.first_name, user.last_name].filter(Boolean).join(' ') || '—'}</Field>
            <Field label="Member since">{formatLongDate(user.created_at)}</Field>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <GolfInformation user={user} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Section title="Availability">
            <Group gap="sm">
              <AvailabilityBadge status={user.availability_status} size="lg" />
              {user.availability_status_message && <Text size="sm">{user.availability_status_message}</Text>}
            </Group>
          </Section>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={confirming}
        title={`Block @${user.username}?`}
        message={BLOCK_MESSAGES.confirm}
        confirmLabel="Block User"
        cancelLabel="Cancel"
        danger
        busy={block.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmBlock}
      />
    </Page>
  );
}

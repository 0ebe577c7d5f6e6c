import { SESSION_MESSAGES } from '@linksmate/proto/rules';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime, relativeTime } from '../../../lib/dates';
import { useLogout } from '../../../lib/session-context';
import { type SessionSummary, useSessions } from '../api/get-sessions';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { useSignOutSession } from '../api/sign-out-session';

function SessionRow({ session }: { session: SessionSummary }) {
  const signOut = useSignOutSession();
  return (
    <Group justify="space-between" wrap="nowrap" preventGrowOverflow={false} data-testid="session-row">
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {session.device}
          </Text>
          {session.current && <StatusBadge color="green">This device</StatusBadge>}
        </Group>
        <Text size="xs" c="dimmed">
          Last seen {relativeTime(session.last_seen_at)} · Signed in {formatDateTime(session.created_at)}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          size="xs"
          variant="default"
          // A phone's narrow row wraps the device's dates, never the button's word.
          style={{ flexShrink: 0 }}
          loading={signOut.isPending}
          onClick={() => signOut.mutate(session.id)}
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

/** The own sessions (one per login): where the person is signed in, with 'Sign out everywhere'. */
export function SessionsCard() {
  const sessions = useSessions();
  const everywhere = useSignOutEverywhere();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder shadow="xs">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Where you're signed in
          </Title>
          <Button color="red.8" variant="outline" size="xs" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Button>
        </Group>
        {sessions.isPending && <Loader size="sm" aria-label="Loading sessions" />}
        {sessions.isError && (
          <Text size="sm" c="red.8" role="alert">
            Failed to load your sessions
          </Text>
        )}
        {sessions.data?.sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
        {everywhere.isError && (
          <Text size="sm" c="red.8" role="alert">
            {everywhere.error.message}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Sign out everywhere?"
        message={SESSION_MESSAGES.confirmSignOutEverywhere}
        confirmLabel="Sign out everywhere"
        cancelLabel="Cancel"
        danger
        busy={everywhere.isPending}
        onConfirm={() =>
          everywhere.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              logout();
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

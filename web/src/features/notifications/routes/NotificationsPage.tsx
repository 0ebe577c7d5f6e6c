import { Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/StatusBadge';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';

/** The notification centre (beyond the spec: issue 28): newest first; opening one marks it read. */
export function NotificationsPage() {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const reply = list.data;
  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>Notifications</Title>
        <Button
          variant="default"
          disabled={!reply?.unread_count}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </Group>
      {list.isPending ? (
        <Loader aria-label="Loading notifications" />
      ) : !reply?.notifications.length ? (
        <Text c="dimmed">Nothing yet. Join requests, bookings and messages will show here.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
          {reply.notifications.map((n) => (
            <li key={n.id}>
              <Card
                withBorder
                component={Link}
                to={n.link}
                onClick={() => n.read_at === null && markRead.mutate(n.id)}
                data-testid="notification"
                bg={n.read_at === null ? 'var(--mantine-color-green-0)' : undefined}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={n.read_at === null ? 700 : 500}>{n.title}</Text>
                    <Text size="sm" c="dimmed">
                      {n.body}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end">
                    {n.read_at === null && <StatusBadge color="green">New</StatusBadge>}
                    {n.count > 1 && <Text size="xs">{n.count} new</Text>}
                    <Text size="xs" c="dimmed">
                      {new Date(n.created_at).toLocaleString('en-AU')}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Container>
  );
}

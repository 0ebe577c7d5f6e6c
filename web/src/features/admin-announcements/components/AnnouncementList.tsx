import { DEFAULT_ANNOUNCEMENT_SENDER, MESSAGING_MESSAGES } from '@linksmate/proto/rules';
import { Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { LoadFailure } from '../../../components/LoadStates';
import { useAnnouncements } from '../../../entities/announcement/api/get-announcements';
import { formatDateTime, relativeTime } from '../../../lib/dates';

/** The announcements already sent, newest first, ten at a time with 'Load more'. */
export function AnnouncementList() {
  const announcements = useAnnouncements();
  const heading = (
    <Text fw={700} size="lg" component="h2" m={0}>
      Recent announcements
    </Text>
  );
  if (announcements.isError && !announcements.data)
    return (
      <Stack gap="md">
        {heading}
        <LoadFailure
          title={MESSAGING_MESSAGES.announcementsFailed}
          onRetry={() => void announcements.refetch()}
          retrying={announcements.isFetching}
        />
      </Stack>
    );
  if (announcements.isPending)
    return (
      <Stack gap="md">
        {heading}
        <Center h={160} role="status" aria-label="Loading announcements">
          <Loader />
        </Center>
      </Stack>
    );
  const items = announcements.data.pages.flatMap((page) => page.announcements);
  const total = announcements.data.pages.at(-1)?.total ?? items.length;
  return (
    <Stack gap="md" component="section" aria-label="Recent announcements">
      <Group justify="space-between" align="baseline">
        {heading}
        {items.length > 0 && (
          <Text size="sm" c="dimmed">
            {items.length} of {total}
          </Text>
        )}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">No announcements have been sent yet.</Text>
      ) : (
        items.map((a) => (
          <Card key={a.id} withBorder shadow="xs" component="article" data-testid="admin-announcement">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {a.sender_name || DEFAULT_ANNOUNCEMENT_SENDER}
              </Text>
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={a.sent_at}
                title={formatDateTime(a.sent_at)}
              >
                {relativeTime(a.sent_at)}
              </Text>
            </Group>
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {a.content}
            </Text>
          </Card>
        ))
      )}
      {announcements.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void announcements.fetchNextPage()}
          loading={announcements.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}

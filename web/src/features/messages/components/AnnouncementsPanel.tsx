import { DEFAULT_ANNOUNCEMENT_SENDER } from '@linksmate/proto/rules';
import { Button, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { LoadFailure } from '../../../components/LoadStates';
import { useAnnouncements } from '../../../entities/announcement/api/get-announcements';
import { relativeTime } from '../../../lib/dates';

/** Spec 2 "Announcements": cards newest first, 'Load More Announcements', the empty text. */
export function AnnouncementsPanel() {
  const announcements = useAnnouncements();
  if (announcements.error)
    return (
      <LoadFailure
        title="Failed to load announcements. Please try again later."
        onRetry={() => void announcements.refetch()}
      />
    );
  if (announcements.isPending)
    return (
      <Center h={200} role="status" aria-label="Loading announcements">
        <Loader />
      </Center>
    );
  const items = announcements.data.pages.flatMap((page) => page.announcements);
  if (items.length === 0) return <Text c="dimmed">No announcements at this time.</Text>;
  return (
    <Stack gap="md">
      <Text fw={700} size="lg" component="h2" m={0}>
        Platform Announcements
      </Text>
      {items.map((a) => (
        <Card key={a.id} withBorder shadow="xs" data-testid="announcement" component="article">
          <Text fw={600} size="sm">
            Announcement from {a.sender_name || DEFAULT_ANNOUNCEMENT_SENDER}
          </Text>
          <Text size="xs" c="dimmed">
            {relativeTime(a.sent_at)}
          </Text>
          <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {a.content}
          </Text>
        </Card>
      ))}
      {announcements.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void announcements.fetchNextPage()}
          loading={announcements.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load More Announcements
        </Button>
      )}
    </Stack>
  );
}

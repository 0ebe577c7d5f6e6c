import {
  ActionIcon,
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBrandGoogle, IconCalendarShare, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

const googleSubscribe = (url: string) =>
  `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(url.replace(/^https?:/, 'webcal:'))}`;

/**
 * The person's own calendar feed (beyond the spec): a secret address their calendar app subscribes
 * to, with every game and booking in it; resetting it cuts off whoever holds the old one.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  return (
    <Card withBorder shadow="xs" component="section" aria-labelledby="calendar-feed-title">
      <Group gap="xs" wrap="nowrap">
        <IconCalendarShare size={20} aria-hidden />
        <Title order={2} fz="lg" id="calendar-feed-title">
          Calendar feed
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        Subscribe once and your games and bookings appear in your calendar app. Keep this link private: anyone
        with it can see them.
      </Text>
      {feed.isError ? (
        <Alert color="red" variant="light" mt="sm" role="alert">
          Failed to load your calendar link.
        </Alert>
      ) : feed.isPending ? (
        <Skeleton height={36} mt="sm" />
      ) : (
        <Stack gap="sm" mt="sm">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Your calendar link"
              value={feed.data.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
              data-testid="calendar-feed-url"
            />
            <CopyButton value={feed.data.url} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                  <ActionIcon
                    variant="light"
                    size={36}
                    color={copied ? 'green' : undefined}
                    onClick={copy}
                    aria-label={copied ? 'Copied' : 'Copy link'}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group gap="xs">
            <Button
              component="a"
              href={feed.data.webcal_url}
              size="xs"
              variant="light"
              leftSection={<IconCalendarShare size={14} aria-hidden />}
            >
              Subscribe in Apple Calendar
            </Button>
            <Button
              component="a"
              href={googleSubscribe(feed.data.url)}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
              leftSection={<IconBrandGoogle size={14} aria-hidden />}
            >
              Subscribe in Google Calendar
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              c="#8a1c1c"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              Reset link
            </Button>
          </Group>
          {rotate.isError && (
            <Alert color="red" variant="light" role="alert">
              Failed to reset your calendar link. Please try again.
            </Alert>
          )}
          {rotate.isSuccess && (
            <Text size="sm" c="#1e5631" role="status">
              New link ready. Subscribe again with it; the old link no longer works.
            </Text>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Reset your calendar link?"
        message="The current link stops working at once, in every calendar subscribed to it. You'll need to subscribe again with the new link."
        confirmLabel="Reset link"
        cancelLabel="Keep current link"
        danger
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}

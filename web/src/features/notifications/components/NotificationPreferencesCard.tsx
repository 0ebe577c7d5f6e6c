import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_IN_APP_ONLY,
  type NotificationChannel,
  type NotificationKind,
} from '@linksmate/proto/rules';
import { Card, Loader, NativeSelect, SimpleGrid, Text, Title } from '@mantine/core';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/preferences';

const channelsFor = (kind: NotificationKind) =>
  NOTIFICATION_CHANNELS.filter(
    (channel) => channel !== 'email' || !NOTIFICATION_KINDS_IN_APP_ONLY.includes(kind),
  ).map((channel) => ({ value: channel, label: NOTIFICATION_CHANNEL_LABELS[channel] }));

/**
 * How each kind of notification reaches the person (docs/product.md#notifications): a choice saves
 * at once, and says so. Announcements are offered no e-mail, since they are never mailed one by one.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreferences();
  return (
    <Card withBorder shadow="xs" component="section" aria-labelledby="notification-settings-title">
      <Title order={2} size="h4" id="notification-settings-title">
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Choose how each kind reaches you. Changes save as you make them.
      </Text>
      {preferences.isPending ? (
        <Loader size="sm" aria-label="Loading notification settings" />
      ) : preferences.isError ? (
        <Text size="sm" c="red.8" role="alert">
          Failed to load notification settings
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
          {preferences.data.preferences.map(({ kind, channel }) => (
            <NativeSelect
              key={kind}
              label={NOTIFICATION_KIND_LABELS[kind]}
              data={channelsFor(kind)}
              value={channel}
              disabled={save.isPending}
              onChange={(e) =>
                save.mutate({
                  preferences: [{ kind, channel: e.currentTarget.value as NotificationChannel }],
                })
              }
            />
          ))}
        </SimpleGrid>
      )}
      <div role="status">
        {save.isSuccess && (
          <Text size="sm" c="fairway.8" mt="xs">
            Notification settings saved
          </Text>
        )}
      </div>
      {save.isError && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          Failed to save notification settings
        </Text>
      )}
    </Card>
  );
}

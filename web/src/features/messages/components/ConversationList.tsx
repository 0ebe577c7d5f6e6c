import type { ConversationsReply } from '@linksmate/proto';
import { Badge, Box, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { LoadFailure } from '../../../components/LoadStates';
import { relativeTime } from '../../../lib/dates';
import type { ConversationType } from '../../../lib/paths';
import { ChatAvatar } from './ChatAvatar';
import { personName } from './chat-text';

export interface OpenConversation {
  type: ConversationType;
  id: number;
}

interface Row {
  type: ConversationType;
  id: number;
  name: string;
  image: string | null;
  last: string | null;
  time: string | null;
  unread: number;
}

/** Both kinds in one list, latest first (spec 2 "Messaging": the left third). */
function rowsOf(data: ConversationsReply): Row[] {
  const rows: Row[] = [
    ...data.direct_messages.map((c) => ({
      type: 'direct' as const,
      id: c.other_user_id,
      name: personName(c),
      image: c.profile_image_url,
      last: c.last_message,
      time: c.last_message_time,
      unread: c.unread_count,
    })),
    ...data.event_chats.map((c) => ({
      type: 'event' as const,
      id: c.event_id,
      name: c.event_title,
      image: null,
      last: c.last_message,
      time: c.last_message_time,
      unread: c.unread_count,
    })),
  ];
  return rows.sort((a, b) => (b.time ?? '').localeCompare(a.time ?? ''));
}

export function ConversationList({
  data,
  isPending,
  error,
  onRetry,
  open,
  onOpen,
}: {
  data: ConversationsReply | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  open: OpenConversation | null;
  onOpen: (conversation: OpenConversation) => void;
}) {
  if (error)
    return <LoadFailure title="Failed to load conversations. Please try again later." onRetry={onRetry} />;
  if (isPending || !data)
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading conversations">
        {[0, 1, 2, 3].map((slot) => (
          <Skeleton key={slot} height={56} radius="md" />
        ))}
      </Stack>
    );
  const rows = rowsOf(data);
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm" p="md">
        No conversations yet. Message a player from their profile, or join a game to chat with its players.
      </Text>
    );
  return (
    <Box mah="70vh" style={{ overflowY: 'auto' }}>
      <Stack
        gap={4}
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label="Conversations"
      >
        {rows.map((row) => {
          const selected = open?.type === row.type && open.id === row.id;
          return (
            <li key={`${row.type}-${row.id}`}>
              <UnstyledButton
                onClick={() => onOpen({ type: row.type, id: row.id })}
                aria-current={selected || undefined}
                data-testid="conversation"
                w="100%"
                p="sm"
                style={{
                  borderRadius: 8,
                  background: selected ? 'var(--mantine-color-fairway-0, #e8f5e9)' : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap">
                  <ChatAvatar
                    name={row.name}
                    image={row.image}
                    seed={row.type === 'direct' ? row.id : `event${row.id}`}
                    event={row.type === 'event'}
                  />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={row.unread ? 700 : 600} size="sm" truncate>
                        {row.name}
                      </Text>
                      {row.time && (
                        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                          {relativeTime(row.time)}
                        </Text>
                      )}
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="xs" c="dimmed" truncate>
                        {row.last ?? (row.type === 'event' ? 'Event Group Chat' : 'Direct Message')}
                      </Text>
                      {row.unread > 0 && (
                        <Badge size="sm" circle color="red" aria-label={`${row.unread} unread`}>
                          {row.unread}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

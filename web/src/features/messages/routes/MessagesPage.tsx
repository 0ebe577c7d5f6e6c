import { Alert, Button, Card, Container, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMessages, IconSpeakerphone } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSocketConnected } from '../../../lib/socket-pushes';
import { useConversations } from '../api/get-conversations';
import { AnnouncementsPanel } from '../components/AnnouncementsPanel';
import { ConversationList } from '../components/ConversationList';
import { ConversationView } from '../components/ConversationView';
import { conversationFromRoute } from '../conversation-route';

/**
 * Spec 2 "Messaging" (/messages, /messages/{type}/{id}, /messages/announcements): the Messages and
 * Announcements tabs; the conversation list on the left third, the conversation on the right.
 * Choosing a conversation or a tab replaces the address rather than adding to history.
 */
export function MessagesPage({ tab = 'messages' }: { tab?: 'messages' | 'announcements' }) {
  const params = useParams();
  const navigate = useNavigate();
  const route = conversationFromRoute(params.conversationType, params.id);
  const open = route.kind === 'open' ? { type: route.type, id: route.id } : null;
  const socketUp = useSocketConnected();
  const conversations = useConversations(socketUp);

  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1}>Messages</Title>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => navigate(-1)}
        >
          Back
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          navigate(value === 'announcements' ? paths.announcements.href() : paths.messages.href(), {
            replace: true,
          })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="messages" leftSection={<IconMessages size={16} />}>
            Messages
          </Tabs.Tab>
          <Tabs.Tab value="announcements" leftSection={<IconSpeakerphone size={16} />}>
            Announcements
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder p="xs">
                <ConversationList
                  data={conversations.data}
                  isPending={conversations.isPending}
                  error={conversations.error}
                  onRetry={() => void conversations.refetch()}
                  open={open}
                  onOpen={(c) => navigate(paths.conversation.href(c.type, c.id), { replace: true })}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder p="md" mih={360}>
                {open ? (
                  <ConversationView key={`${open.type}-${open.id}`} open={open} />
                ) : route.kind === 'invalid' ? (
                  <Alert
                    color="red"
                    variant="light"
                    role="alert"
                    icon={<IconAlertCircle size={18} aria-hidden />}
                  >
                    {route.message}
                  </Alert>
                ) : (
                  <Stack align="center" justify="center" gap={4} h={300}>
                    <Text fw={600}>No conversation selected</Text>
                    <Text c="dimmed" size="sm">
                      Select a conversation from the list to start messaging
                    </Text>
                  </Stack>
                )}
              </Card>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="announcements">
          <AnnouncementsPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

export function AnnouncementsPage() {
  return <MessagesPage tab="announcements" />;
}

import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { NotFoundPage } from '../../../components/NotFound';
import { ApiError } from '../../../lib/api-client';
import { useMailbox } from '../api/get-mailbox';

const time = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium' });

/** Development only: the mail the platform sent, caught by the in-process SMTP server. */
export function MailboxPage() {
  const { data, isPending, error, refetch } = useMailbox();
  // Without the catcher the page does not exist, like its API.
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="end">
          <div>
            <Group gap="xs">
              <Title order={1}>Development mailbox</Title>
              <Badge color="sand" c="dark.8">
                dev only
              </Badge>
            </Group>
            <Text c="dimmed">
              Every e-mail LinksMate sends in this run lands here instead of a real inbox.
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => refetch()}
          >
            Refresh
          </Button>
        </Group>

        {isPending && <Skeleton height={180} radius="lg" />}
        {error && (
          <Alert color="red" variant="light">
            The mailbox could not be loaded.
          </Alert>
        )}
        {data && data.messages.length === 0 && (
          <Stack align="center" py={60} gap="xs" c="dimmed">
            <IconInbox size={40} aria-hidden />
            <Text>No mail yet. Register an account or ask for a password reset to see one arrive.</Text>
          </Stack>
        )}
        {data && data.messages.length > 0 && (
          <Accordion variant="separated" radius="md" defaultValue={data.messages[0]?.id}>
            {data.messages.map((mail) => (
              <Accordion.Item key={mail.id} value={mail.id}>
                <Accordion.Control>
                  <Stack gap={2}>
                    <Text fw={600}>{mail.subject}</Text>
                    <Text size="sm" c="dimmed">
                      To {mail.to} · {time.format(new Date(mail.sent_at))}
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {mail.links.map((link) => (
                      <Anchor key={link} href={link} fw={600} style={{ wordBreak: 'break-all' }}>
                        {link}
                      </Anchor>
                    ))}
                    <Code block style={{ whiteSpace: 'pre-wrap' }}>
                      {mail.text}
                    </Code>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}

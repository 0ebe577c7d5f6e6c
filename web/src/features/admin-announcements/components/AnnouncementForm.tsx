import { ANNOUNCEMENT_MAX_LENGTH, DELAYS_MS, MESSAGING_MESSAGES } from '@linksmate/proto/rules';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSendAnnouncement } from '../api/send-announcement';

/**
 * Spec 3 "Platform Announcements": write one and send it to everyone. Blank content is refused here;
 * a sent one clears the form and says so for five seconds.
 */
export function AnnouncementForm() {
  const send = useSendAnnouncement();
  const [content, setContent] = useState('');
  const [blank, setBlank] = useState(false);
  const [sent, setSent] = useState<{ message: string; at: number } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(null), DELAYS_MS.announcementSuccess);
    return () => clearTimeout(timer);
  }, [sent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const text = content.trim();
    if (!text) {
      setBlank(true);
      return;
    }
    setSent(null);
    send.mutate(
      { content: text },
      {
        onSuccess: (reply) => {
          setContent('');
          setSent({ message: reply.message || 'Announcement sent', at: Date.now() });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="send-announcement">
      <form ref={form} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={700} size="lg" component="h2" m={0} id="send-announcement">
            Send an announcement
          </Text>
          <Textarea
            label="Announcement"
            description={`Everyone on LinksMate sees it under Messages › Announcements. ${content.length}/${ANNOUNCEMENT_MAX_LENGTH} characters.`}
            placeholder="Write your announcement…"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={ANNOUNCEMENT_MAX_LENGTH}
            value={content}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              setBlank(false);
              if (send.isError) send.reset();
            }}
            onKeyDown={(e) => {
              // Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.current?.requestSubmit();
            }}
            error={blank ? MESSAGING_MESSAGES.announcementBlank : undefined}
          />
          {send.isError && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {MESSAGING_MESSAGES.announcementFailed}
            </Alert>
          )}
          {sent && (
            <Alert
              color="green"
              variant="light"
              role="status"
              icon={<IconCircleCheck size={18} aria-hidden />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setSent(null)}
            >
              {sent.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              disabled={!content.trim()}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

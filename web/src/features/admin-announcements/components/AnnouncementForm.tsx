import { ANNOUNCEMENT_MAX_LENGTH, DELAYS_MS, MESSAGING_MESSAGES } from '@linksmate/proto/rules';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSendAnnouncement } from '../api/send-announcement';

/**
 * Spec 3 "Platform Announcements": write one and send it to everyone. Blank content is refused here;
 * a sent one clears the form and says so for five seconds.
 */
export function AnnouncementForm() {
  const send = useSendAnnouncement();
  const form = useForm({
    mode: 'controlled',
    initialValues: { content: '' },
    validate: { content: (value) => (value.trim() ? null : MESSAGING_MESSAGES.announcementBlank) },
    onValuesChange: () => {
      if (send.isError) send.reset();
    },
  });
  const content = form.values.content;
  const [sent, setSent] = useState<{ message: string; at: number } | null>(null);
  const formElement = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(null), DELAYS_MS.announcementSuccess);
    return () => clearTimeout(timer);
  }, [sent]);

  const submit = (values: { content: string }) => {
    if (send.isPending) return;
    setSent(null);
    send.mutate(
      { content: values.content.trim() },
      {
        onSuccess: (reply) => {
          form.reset();
          setSent({ message: reply.message || 'Announcement sent', at: Date.now() });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="send-announcement">
      <form ref={formElement} onSubmit={form.onSubmit(submit)} noValidate>
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
            {...form.getInputProps('content')}
            onKeyDown={(e) => {
              // Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) formElement.current?.requestSubmit();
            }}
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

import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';

/** docs/product.md#admin-sections "Send Email": subject and message, sent only when both are filled. */
export function SendEmailDialog({
  opened,
  to,
  busy,
  onSend,
  onClose,
}: {
  opened: boolean;
  to: string;
  busy: boolean;
  onSend(mail: { subject: string; message: string }): void;
  onClose(): void;
}) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const reset = () => {
    setSubject('');
    setMessage('');
  };
  const close = () => {
    reset();
    onClose();
  };
  const ready = subject.trim() !== '' && message.trim() !== '';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Send Email"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <TextInput label="To" value={to} readOnly variant="filled" />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label="Message"
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={5}
          maxLength={10_000}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            loading={busy}
            onClick={() => {
              onSend({ subject: subject.trim(), message: message.trim() });
              reset();
            }}
          >
            Send Email
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

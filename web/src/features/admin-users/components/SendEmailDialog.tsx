import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

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
  const form = useForm({ mode: 'controlled', initialValues: { subject: '', message: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  const { subject, message } = form.values;
  const ready = subject.trim() !== '' && message.trim() !== '';
  const send = () => {
    onSend({ subject: subject.trim(), message: message.trim() });
    form.reset();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Send Email"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={form.onSubmit(() => {
          if (ready) send();
        })}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="To" value={to} readOnly variant="filled" />
          <TextInput label="Subject" {...form.getInputProps('subject')} maxLength={200} data-autofocus />
          <Textarea
            label="Message"
            {...form.getInputProps('message')}
            autosize
            minRows={5}
            maxLength={10_000}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready} loading={busy}>
              Send Email
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import type { Event } from '@linksmate/proto';
import { BOOKING_NOTES_MAX_LENGTH } from '@linksmate/proto/rules';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { FormError } from '../../../components/FormError';
import { useJoinEvent } from '../api/join-event';
import { failureText } from './join-errors';

/** Spec 2 "Event detail": a free event's join, with optional notes for the organiser. */
export function JoinDialog({
  event,
  opened,
  onClose,
}: {
  event: Event;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useForm({ mode: 'controlled', initialValues: { notes: '' } });
  const join = useJoinEvent(event.id);
  const isGame = event.event_type === 'member_game';

  const close = () => {
    join.reset();
    onClose();
  };

  const submit = ({ notes }: { notes: string }) => {
    join.mutate(
      { notes: notes.trim() || undefined },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'green', message: reply.message });
          form.reset();
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={join.isPending ? () => {} : close}
      title={isGame ? 'Request to join' : 'Join event'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {isGame
              ? `The organiser of “${event.title}” approves each request. You will see here when they decide.`
              : `You are joining “${event.title}”.`}
          </Text>
          <FormError>
            {join.error ? failureText(join.error, 'Failed to join event. Please try again.') : null}
          </FormError>
          <Textarea
            size="md"
            label="Notes (optional)"
            description={isGame ? 'Anything the organiser should know, e.g. your usual score.' : undefined}
            {...form.getInputProps('notes')}
            maxLength={BOOKING_NOTES_MAX_LENGTH}
            autosize
            minRows={3}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={join.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={join.isPending}>
              {isGame ? 'Send request' : 'Join Event'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

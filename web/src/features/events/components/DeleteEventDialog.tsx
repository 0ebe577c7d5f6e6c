import type { Event } from '@linksmate/proto';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/FormError';
import { paths } from '../../../lib/paths';
import { useDeleteEvent } from '../api/delete-event';
import { failureText } from './join-errors';

/** Spec 2 "Event detail" delete dialog: confirm, delete, back to the listings. */
export function DeleteEventDialog({
  event,
  opened,
  onClose,
}: {
  event: Event;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteEvent(event.id);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={remove.isPending ? () => {} : close}
      title="Delete event"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Delete “{event.title}”? It disappears from the listings and everyone who joined loses their place.
          This cannot be undone.
        </Text>
        <FormError>
          {remove.error ? failureText(remove.error, 'Failed to delete event. Please try again.') : null}
        </FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red.8"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: `“${event.title}” was deleted` });
                  navigate(paths.events.href(), { replace: true });
                },
              })
            }
          >
            Yes, delete it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

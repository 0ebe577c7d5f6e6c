import type { Event } from '@linksmate/proto';
import { BOOKING_NOTES_MAX_LENGTH, EVENT_MESSAGES } from '@linksmate/proto/rules';
import { Alert, Button, Group, type MantineSize, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { refusedFields, tooLong } from '../lib/form-errors';
import { FormError } from './FormError';

/**
 * Whether joining the event is paid by card (the server's `has_paid_slots`: an official event with a
 * price or a priced slot type), so a seat an admin gives is complimentary. A member game's price is
 * settled at the venue or with its creator, and adding someone to it changes nothing of that.
 */
const takesCardPayment = (event: Pick<Event, 'has_paid_slots'>) => event.has_paid_slots;

/**
 * The 'Add user to event' dialog (spec 2 "Event detail", docs/product.md#admin-sections "Events management"): what the
 * caller puts first (the event, a person picker), then optional notes, on an event that takes
 * payment a notice that the seat is complimentary, any error, and Cancel / 'Add to event'. Adding
 * needs a person; a seat given says the server's words and closes the dialog.
 */
export function AddToEventDialog({
  event,
  opened,
  userId,
  busy,
  fieldSize,
  onAdd,
  failureText,
  onClose,
  children,
}: {
  /** The form shows while there is one. */
  event: Event | null;
  opened: boolean;
  /** The person picked, if any. */
  userId: string | null;
  /** The seat is being given: the dialog stays open. */
  busy: boolean;
  fieldSize?: MantineSize;
  /** Gives the seat; resolves with the server's sentence. */
  onAdd(event: Event, userId: number, notes: string | undefined): Promise<{ message: string }>;
  /** What a refusal shows (nothing where the app says it elsewhere). */
  failureText(error: unknown): string | null;
  onClose(): void;
  /** The event's summary and the person picker. */
  children: ReactNode;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { notes: '' },
    validate: { notes: (notes) => tooLong(notes, BOOKING_NOTES_MAX_LENGTH, EVENT_MESSAGES.notesTooLong) },
  });
  const [error, setError] = useState<string | null>(null);

  // Each opening starts a fresh form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    form.reset();
    setError(null);
  }, [opened]);
  // Picking someone else clears what was said about the last pick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pick is the trigger
  useEffect(() => setError(null), [userId]);

  const submit = ({ notes }: { notes: string }) => {
    if (!event) return;
    if (!userId) {
      setError(EVENT_MESSAGES.userRequired);
      return;
    }
    setError(null);
    onAdd(event, Number(userId), notes.trim() || undefined).then(
      (reply) => {
        notifications.show({ color: 'green', message: reply.message });
        onClose();
      },
      (err) => {
        const refused = refusedFields(err, (field) => (field === 'notes' ? field : undefined));
        if (refused) form.setErrors(refused.fields);
        setError(failureText(err));
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title="Add user to event"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {event && (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            {children}
            <Textarea
              size={fieldSize}
              label="Notes (optional)"
              {...form.getInputProps('notes')}
              autosize
              minRows={2}
            />
            {takesCardPayment(event) && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                {EVENT_MESSAGES.complimentarySeat}
              </Alert>
            )}
            <FormError>{error}</FormError>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Add to event
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import type { Event } from '@linksmate/proto';
import { EDIT_CURRENCIES, EVENT_MESSAGES, EVENT_STATUSES, PAYMENT_METHODS } from '@linksmate/proto/rules';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { useVenueOptions } from '../../../entities/venue/api/get-venue-options';
import { refusedFields } from '../../../lib/form-errors';
import { useUpdateEvent } from '../api/update-event';
import { PAYMENT_METHOD_LABELS, STATUS_LABELS } from '../event-text';
import { changesOf, type EditValues, editPathOf, validate, valuesOf } from './edit-form';
import { failureText } from './join-errors';

/** Spec 2 "Event detail" edit dialog: the creator or an admin changes fields; only changes are sent. */
export function EditEventDialog({
  event,
  opened,
  onClose,
}: {
  event: Event;
  opened: boolean;
  onClose: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditValues>({ mode: 'controlled', initialValues: valuesOf(event), validate });
  const values = form.values;
  const update = useUpdateEvent(event.id);
  // The directory's venues (a game moves to a listed venue), as the admin pickers list them.
  const venues = useVenueOptions(opened, 'directory');

  // Each opening starts from the event as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(event));
    form.reset();
    setFormError(null);
    update.reset();
  }, [opened]);

  const venueOptions = [...(venues.data ?? [])];
  if (!venueOptions.some((option) => option.value === String(event.venue_id)))
    venueOptions.unshift({
      value: String(event.venue_id),
      label: event.venue_name ?? `Venue ${event.venue_id}`,
    });
  const currencies: string[] = (EDIT_CURRENCIES as readonly string[]).includes(event.currency)
    ? [...EDIT_CURRENCIES]
    : [event.currency, ...EDIT_CURRENCIES];
  const isGame = event.event_type === 'member_game';

  const submit = (values: EditValues) => {
    setFormError(null);
    const body = changesOf(event, values);
    if (Object.keys(body).length === 0) {
      setFormError(EVENT_MESSAGES.noChanges);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Event updated' });
        onClose();
      },
      onError: (error) => {
        const refused = refusedFields(error, editPathOf);
        if (refused) form.setErrors(refused.fields);
        setFormError(failureText(error, 'Failed to update event. Please try again.'));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={update.isPending ? () => {} : onClose}
      title="Edit event"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit, () => setFormError(null))} noValidate>
        <Stack gap="md">
          <TextInput label="Title" required {...form.getInputProps('title')} maxLength={200} />
          <Textarea
            size="md"
            label="Description"
            {...form.getInputProps('description')}
            autosize
            minRows={3}
            maxLength={5000}
          />
          <Select
            size="md"
            label="Venue"
            required
            searchable
            data={venueOptions}
            {...form.getInputProps('venue_id')}
            value={values.venue_id || null}
            onChange={(value) => form.setFieldValue('venue_id', value ?? '')}
            nothingFoundMessage={venues.isPending ? 'Loading venues...' : 'No venues found'}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Start time"
              type="datetime-local"
              required
              {...form.getInputProps('start_time')}
            />
            <TextInput label="End time" type="datetime-local" {...form.getInputProps('end_time')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <NumberInput size="md" label="Capacity" required min={1} {...form.getInputProps('capacity')} />
            <NumberInput
              size="md"
              label="Price per person"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              {...form.getInputProps('price')}
            />
            <Select
              size="md"
              label="Currency"
              data={currencies}
              {...form.getInputProps('currency')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {isGame && (
            <>
              <Select
                size="md"
                label="Payment method"
                data={PAYMENT_METHODS.map((method) => ({
                  value: method,
                  label: PAYMENT_METHOD_LABELS[method],
                }))}
                {...form.getInputProps('payment_method')}
                value={values.payment_method || null}
                onChange={(value) => form.setFieldValue('payment_method', value ?? '')}
                comboboxProps={{ withinPortal: true }}
              />
              <Textarea
                size="md"
                label="Payment instructions"
                {...form.getInputProps('payment_instructions')}
                autosize
                minRows={2}
                maxLength={2000}
              />
            </>
          )}
          <Select
            size="md"
            label="Status"
            data={EVENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            {...form.getInputProps('status')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {/* Beside the button, where the person looks after pressing it (the form scrolls). */}
          <FormError>{formError}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

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
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';
import { useVenueChoices } from '../api/get-venue-choices';
import { useUpdateEvent } from '../api/update-event';
import { PAYMENT_METHOD_LABELS, STATUS_LABELS } from '../event-text';
import { changesOf, type EditValues, validate, valuesOf } from './edit-form';
import { failureText } from './join-errors';

type Errors = Partial<Record<keyof EditValues, string>>;

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
  const [values, setValues] = useState<EditValues>(() => valuesOf(event));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateEvent(event.id);
  const venues = useVenueChoices(opened);

  // Each opening starts from the event as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(event));
    setErrors({});
    setFormError(null);
    update.reset();
  }, [opened]);

  const set = <K extends keyof EditValues>(name: K, value: EditValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const venueOptions = (venues.data ?? []).map((venue) => ({
    value: String(venue.id),
    label: [venue.name, venue.city].filter(Boolean).join(', '),
  }));
  if (!venueOptions.some((option) => option.value === String(event.venue_id)))
    venueOptions.unshift({
      value: String(event.venue_id),
      label: event.venue_name ?? `Venue ${event.venue_id}`,
    });
  const currencies: string[] = (EDIT_CURRENCIES as readonly string[]).includes(event.currency)
    ? [...EDIT_CURRENCIES]
    : [event.currency, ...EDIT_CURRENCIES];
  const isGame = event.event_type === 'member_game';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
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
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors as Errors);
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
            maxLength={200}
          />
          <Textarea
            size="md"
            label="Description"
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
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
            value={values.venue_id || null}
            onChange={(value) => set('venue_id', value ?? '')}
            error={errors.venue_id}
            nothingFoundMessage={venues.isPending ? 'Loading venues...' : 'No venues found'}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Start time"
              type="datetime-local"
              required
              value={values.start_time}
              onChange={(e) => set('start_time', e.currentTarget.value)}
              error={errors.start_time}
            />
            <TextInput
              label="End time"
              type="datetime-local"
              value={values.end_time}
              onChange={(e) => set('end_time', e.currentTarget.value)}
              error={errors.end_time}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <NumberInput
              size="md"
              label="Capacity"
              required
              min={1}
              value={values.capacity}
              onChange={(value) => set('capacity', value)}
              error={errors.capacity}
            />
            <NumberInput
              size="md"
              label="Price per person"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              value={values.price}
              onChange={(value) => set('price', value)}
              error={errors.price}
            />
            <Select
              size="md"
              label="Currency"
              data={currencies}
              value={values.currency}
              onChange={(value) => set('currency', value ?? values.currency)}
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
                value={values.payment_method || null}
                onChange={(value) => set('payment_method', value ?? '')}
                comboboxProps={{ withinPortal: true }}
              />
              <Textarea
                size="md"
                label="Payment instructions"
                value={values.payment_instructions}
                onChange={(e) => set('payment_instructions', e.currentTarget.value)}
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
            value={values.status}
            onChange={(value) => set('status', (value ?? values.status) as Event['status'])}
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

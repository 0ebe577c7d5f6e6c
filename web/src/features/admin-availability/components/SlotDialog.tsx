import type { AvailabilitySlot } from '@linksmate/proto';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { DateTimeField } from '../../../components/DateTimeField';
import { FormError } from '../../../components/FormError';
import type { VenueOption } from '../../../lib/admin-venue-options';
import { useCreateSlot } from '../api/create-slot';
import { useUpdateSlot } from '../api/update-slot';
import { SlotFields } from './SlotFields';
import {
  CREATE_STATUS_OPTIONS,
  checkSlotValues,
  EDIT_STATUS_OPTIONS,
  newSlotValues,
  refusalOf,
  SLOT_TEXTS,
  type SlotErrors,
  type SlotValues,
  slotBody,
  valuesOf,
  withoutErrorsOf,
} from './slot-form';

/**
 * docs/product.md#admin-sections 'Add New Slot' and Edit: a start (required), an end (optional, after the start) and the
 * slot's fields. A new slot is active or pending; an edit offers all four statuses.
 */
export function SlotDialog({
  opened,
  slot,
  venues,
  onClose,
}: {
  opened: boolean;
  /** The slot being edited; null for a new one. */
  slot: AvailabilitySlot | null;
  /** A facility admin's venues, when a new slot must name one. */
  venues: { options: VenueOption[]; loading: boolean } | null;
  onClose(): void;
}) {
  const editing = slot !== null;
  const [values, setValues] = useState<SlotValues>(newSlotValues);
  const [errors, setErrors] = useState<SlotErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateSlot();
  const update = useUpdateSlot();
  const busy = create.isPending || update.isPending;

  useEffect(() => {
    if (!opened) return;
    setValues(slot ? valuesOf(slot) : newSlotValues());
    setErrors({});
    setFailure(null);
  }, [opened, slot]);

  const change = (patch: Partial<SlotValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrorsOf(current, patch));
    setFailure(null);
  };

  const needsVenue = !editing && venues !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkSlotValues(values, needsVenue);
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure('Please fix the errors in the form.');
      return;
    }
    setFailure(null);
    const generic = editing ? SLOT_TEXTS.updateFailed : SLOT_TEXTS.createFailed;
    const handlers = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: editing ? 'Slot updated' : 'Slot created' });
        onClose();
      },
      onError: (error: unknown) => {
        const refusal = refusalOf(error, generic);
        setErrors(refusal.errors);
        setFailure(refusal.message);
      },
    };
    if (slot) update.mutate({ slotId: slot.id, body: slotBody(values, false) }, handlers);
    else create.mutate(slotBody(values, needsVenue), handlers);
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={editing ? 'Edit Slot' : 'Add New Slot'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateTimeField
              label="Start time"
              required
              minDate={editing ? undefined : new Date()}
              value={values.start}
              onChange={(value) => change({ start: value })}
              error={errors.start_time}
            />
            <DateTimeField
              label="End time (optional)"
              minDate={values.start ?? undefined}
              value={values.end}
              onChange={(value) => change({ end: value })}
              error={errors.end_time}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear end time' }}
            />
          </SimpleGrid>
          <SlotFields
            values={values}
            errors={errors}
            statusOptions={editing ? EDIT_STATUS_OPTIONS : CREATE_STATUS_OPTIONS}
            venues={needsVenue ? venues : null}
            onChange={change}
          />
          <FormError>{failure}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save Changes' : 'Add Slot'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

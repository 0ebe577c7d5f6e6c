import type { AvailabilitySlot } from '@linksmate/proto';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { DateTimeField } from '../../../components/DateTimeField';
import { FormError } from '../../../components/FormError';
import type { VenueOption } from '../../../entities/venue/api/get-venue-options';
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
  type SlotValues,
  slotBody,
  valuesOf,
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
  const [failure, setFailure] = useState<string | null>(null);
  const needsVenue = !editing && venues !== null;
  const form = useForm<SlotValues>({
    mode: 'controlled',
    initialValues: newSlotValues(),
    validate: (values) => checkSlotValues(values, needsVenue),
    onValuesChange: () => setFailure(null),
  });
  const create = useCreateSlot();
  const update = useUpdateSlot();
  const busy = create.isPending || update.isPending;

  // Each opening starts from the slot as it is now, or from a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(slot ? valuesOf(slot) : newSlotValues());
    form.reset();
    setFailure(null);
  }, [opened, slot]);

  const submit = (values: SlotValues) => {
    setFailure(null);
    const generic = editing ? SLOT_TEXTS.updateFailed : SLOT_TEXTS.createFailed;
    const handlers = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: editing ? 'Slot updated' : 'Slot created' });
        onClose();
      },
      onError: (error: unknown) => {
        const refusal = refusalOf(error, generic);
        form.setErrors(refusal.errors);
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
      <form onSubmit={form.onSubmit(submit, () => setFailure(SLOT_TEXTS.fixErrors))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateTimeField
              label="Start time"
              required
              minDate={editing ? undefined : new Date()}
              {...form.getInputProps('start')}
              value={form.values.start}
            />
            <DateTimeField
              label="End time (optional)"
              minDate={form.values.start ?? undefined}
              {...form.getInputProps('end')}
              value={form.values.end}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear end time' }}
            />
          </SimpleGrid>
          <SlotFields
            input={(field) => form.getInputProps(field)}
            statusOptions={editing ? EDIT_STATUS_OPTIONS : CREATE_STATUS_OPTIONS}
            venues={needsVenue ? venues : null}
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

import { AVAILABILITY_BATCH } from '@linksmate/proto/rules';
import { Box, Button, Group, List, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { DateTimeField } from '../../../components/DateTimeField';
import { FormError } from '../../../components/FormError';
import type { VenueOption } from '../../../entities/venue/api/get-venue-options';
import { useCreateSlotsBatch } from '../api/create-slots-batch';
import { SlotFields } from './SlotFields';
import {
  type BatchValues,
  batchBody,
  batchTimes,
  CREATE_STATUS_OPTIONS,
  checkBatchValues,
  newBatchValues,
  refusalOf,
  SLOT_TEXTS,
} from './slot-form';

const day = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short' });
const time = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

/**
 * docs/product.md#admin-sections, #admin-validation, #admin-limits batch creation: from a first start, `count` slots (1 to 50, 5 by default) every
 * `interval` minutes (30 by default, 5 at least), each `duration` minutes long (60 by default, 5 at
 * least), all with the same fields. The slots it will make are previewed; all are made, or none.
 */
export function BatchDialog({
  opened,
  venues,
  onClose,
}: {
  opened: boolean;
  venues: { options: VenueOption[]; loading: boolean } | null;
  onClose(): void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateSlotsBatch();
  const form = useForm<BatchValues>({
    mode: 'controlled',
    initialValues: newBatchValues(),
    validate: (values) => checkBatchValues(values, venues !== null),
    onValuesChange: () => setFailure(null),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(newBatchValues());
    form.reset();
    setFailure(null);
  }, [opened]);

  const values = form.values;
  const preview = Object.keys(checkBatchValues(values, false)).length ? [] : batchTimes(values);
  const submit = (values: BatchValues) => {
    setFailure(null);
    create.mutate(
      { slots: batchBody(values, venues !== null) },
      {
        onSuccess: (reply) => {
          const made = reply.slots.length;
          notifications.show({ color: 'green', message: `${made} ${made === 1 ? 'slot' : 'slots'} created` });
          onClose();
        },
        onError: (error) => {
          const refusal = refusalOf(error, SLOT_TEXTS.batchFailed, true);
          form.setErrors(refusal.errors);
          setFailure(refusal.message);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={create.isPending ? () => {} : onClose}
      title="Create Slots in Batch"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit, () => setFailure(SLOT_TEXTS.fixErrors))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateTimeField
              label="First slot starts"
              required
              minDate={new Date()}
              {...form.getInputProps('firstStart')}
              value={values.firstStart}
            />
            <NumberInput
              label="Number of slots"
              description={`1 to ${AVAILABILITY_BATCH.maxSlots}`}
              min={1}
              max={AVAILABILITY_BATCH.maxSlots}
              {...form.getInputProps('count')}
            />
            <NumberInput
              label="Minutes between starts"
              description={`At least ${AVAILABILITY_BATCH.minIntervalMinutes}`}
              min={AVAILABILITY_BATCH.minIntervalMinutes}
              {...form.getInputProps('intervalMinutes')}
            />
            <NumberInput
              label="Slot length in minutes"
              description={`At least ${AVAILABILITY_BATCH.minDurationMinutes}`}
              min={AVAILABILITY_BATCH.minDurationMinutes}
              {...form.getInputProps('durationMinutes')}
            />
          </SimpleGrid>
          <SlotFields
            input={(field) => form.getInputProps(field)}
            statusOptions={CREATE_STATUS_OPTIONS}
            venues={venues}
          />
          <Paper withBorder radius="md" p="sm" component="section" aria-label="Preview">
            <Text fw={600} size="sm" mb={6}>
              {preview.length
                ? `Preview: ${preview.length} ${preview.length === 1 ? 'slot' : 'slots'}`
                : 'Preview: choose a first start to see the slots'}
            </Text>
            {preview.length > 0 && (
              // Focusable, so a keyboard can scroll a long preview.
              <Box
                mah={180}
                style={{ overflowY: 'auto' }}
                tabIndex={0}
                role="group"
                aria-label="Slots to be created"
              >
                <List size="sm" type="ordered" spacing={2}>
                  {preview.map(({ start, end }) => (
                    <List.Item key={start.toISOString()}>
                      {day.format(start)}, {time.format(start)} – {time.format(end)}
                    </List.Item>
                  ))}
                </List>
              </Box>
            )}
          </Paper>
          <FormError>{failure}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {preview.length > 0
                ? `Create ${preview.length} ${preview.length === 1 ? 'Slot' : 'Slots'}`
                : 'Create Slots'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

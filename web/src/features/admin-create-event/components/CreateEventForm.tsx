import { OFFICIAL_EVENT_CAPACITY } from '@linksmate/proto/rules';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DateTimeField } from '../../../components/DateTimeField';
import { FormError } from '../../../components/FormError';
import { useVenueOptions } from '../../../entities/venue/api/get-venue-options';
import { ApiError } from '../../../lib/api-client';
import { refusedFields } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useCoachOptions } from '../api/get-coach-options';
import { useEventsMutation } from '../api/keys';
import { CREATE_EVENT_TEXTS, createEventWithSlotTypes } from './create-flow';
import {
  checkEvent,
  type EventValues,
  endAfterStart,
  eventBodyOf,
  eventPathOf,
  newEventValues,
  ticketTypesOf,
} from './event-form';
import { SlotTypesFields } from './SlotTypesFields';

/** Moves focus to the first field the checks refused, once the errors are on screen. */
const focusFirstError = () =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());

/**
 * docs/product.md#admin-sections, #admin-states, #admin-validation "Create {product} Event": the event (title, description, venue, optional coach,
 * start and end, capacity 1-100) and its slot types, created in one call with the fallback of
 * create-flow.ts; on success back to /admin/events with a notification.
 */
export function CreateEventForm() {
  const navigate = useNavigate();
  const venues = useVenueOptions();
  const coaches = useCoachOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EventValues>({
    mode: 'controlled',
    initialValues: newEventValues(),
    validate: (values) => checkEvent(values),
    onValuesChange: () => setFailure(null),
  });
  const create = useEventsMutation((values: EventValues) =>
    createEventWithSlotTypes(eventBodyOf(values), ticketTypesOf(values)),
  );

  const refuse = () => {
    setFailure(CREATE_EVENT_TEXTS.fixErrors);
    focusFirstError();
  };

  const submit = (values: EventValues) => {
    create.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'created')
          notifications.show({ color: 'green', message: CREATE_EVENT_TEXTS.created });
        else
          notifications.show({
            color: 'yellow',
            autoClose: 10_000,
            message:
              outcome.kind === 'types-failed'
                ? CREATE_EVENT_TEXTS.typesFailed
                : CREATE_EVENT_TEXTS.unclearReply,
          });
        navigate(paths.admin.events.href());
      },
      onError: (error) => {
        const refused = refusedFields(error, eventPathOf);
        if (refused) {
          form.setErrors(refused.fields);
          setFailure([CREATE_EVENT_TEXTS.fixErrors, ...refused.other].join(' '));
          focusFirstError();
        } else setFailure(error instanceof ApiError ? error.message : CREATE_EVENT_TEXTS.failed);
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit, refuse)} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="event-details">
          <Title order={2} size="h4" mb="md" id="event-details">
            Event details
          </Title>
          <Stack gap="md">
            <TextInput size="sm" label="Title" required maxLength={200} {...form.getInputProps('title')} />
            <Textarea
              label="Description (optional)"
              maxLength={5000}
              autosize
              minRows={3}
              {...form.getInputProps('description')}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="event-where-when">
          <Title order={2} size="h4" mb="md" id="event-where-when">
            Where and when
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Venue"
              required
              searchable
              placeholder={venues.isPending ? 'Loading venues...' : 'Search venues'}
              data={venues.data ?? []}
              {...form.getInputProps('venueId')}
              error={form.errors.venueId ?? (venues.isError ? 'Failed to load venues' : undefined)}
              nothingFoundMessage="No venues found"
              limit={100}
            />
            <Select
              label="Coach (optional)"
              searchable
              clearable
              placeholder={coaches.isPending ? 'Loading coaches...' : 'No coach'}
              data={coaches.data ?? []}
              {...form.getInputProps('coachId')}
              error={form.errors.coachId ?? (coaches.isError ? 'Failed to load coaches' : undefined)}
              nothingFoundMessage="No coaches found"
            />
            <DateTimeField
              label="Start time"
              required
              minDate={new Date()}
              value={form.values.start}
              onChange={(start) => {
                form.setValues({ start, end: endAfterStart(start, form.values.end) });
                form.clearFieldError('start');
                form.clearFieldError('end');
              }}
              error={form.errors.start}
            />
            <DateTimeField
              label="End time"
              minDate={form.values.start ?? new Date()}
              {...form.getInputProps('end')}
              value={form.values.end}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear end time' }}
            />
            <NumberInput
              label="Capacity"
              description={`${OFFICIAL_EVENT_CAPACITY.min} to ${OFFICIAL_EVENT_CAPACITY.max} people`}
              required
              min={OFFICIAL_EVENT_CAPACITY.min}
              max={OFFICIAL_EVENT_CAPACITY.max}
              {...form.getInputProps('capacity')}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="event-slot-types">
          <Title order={2} size="h4" mb="md" id="event-slot-types">
            Slot types
          </Title>
          <SlotTypesFields form={form} />
        </Paper>

        <FormError>{failure}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => navigate(paths.admin.events.href())}
            disabled={create.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

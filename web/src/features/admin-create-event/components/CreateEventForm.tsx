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
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DateTimeField } from '../../../components/DateTimeField';
import { FormError } from '../../../components/FormError';
import { useVenueOptions } from '../../../lib/admin-venue-options';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCoachOptions } from '../api/get-coach-options';
import { useEventsMutation } from '../api/keys';
import { CREATE_EVENT_TEXTS, createEventWithSlotTypes } from './create-flow';
import {
  checkEvent,
  type EventErrors,
  type EventValues,
  endAfterStart,
  eventBodyOf,
  moveSlotErrors,
  newEventValues,
  newSlotType,
  type SlotTypeValues,
  ticketTypesOf,
} from './event-form';
import { SlotTypesFields } from './SlotTypesFields';

const FIELD_ERRORS: Partial<Record<keyof EventValues, string>> = {
  title: 'title',
  venueId: 'venue_id',
  start: 'start_time',
  end: 'end_time',
  capacity: 'capacity',
};

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
  const [values, setValues] = useState<EventValues>(newEventValues);
  const [errors, setErrors] = useState<EventErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useEventsMutation((form: EventValues) =>
    createEventWithSlotTypes(eventBodyOf(form), ticketTypesOf(form)),
  );

  const change = (patch: Partial<EventValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Array<keyof EventValues>) {
        const field = FIELD_ERRORS[key];
        if (field) delete next[field];
      }
      return next;
    });
    setFailure(null);
  };
  const changeSlot = (index: number, patch: Partial<SlotTypeValues>) => {
    setValues((current) => ({
      ...current,
      slotTypes: current.slotTypes.map((slot, i) => (i === index ? { ...slot, ...patch } : slot)),
    }));
    setErrors((current) => {
      const next = { ...current };
      if ('name' in patch) delete next[`ticket_types.${index}.name`];
      if ('price' in patch || 'free' in patch) delete next[`ticket_types.${index}.price_per_ticket`];
      return next;
    });
    setFailure(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkEvent(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure(CREATE_EVENT_TEXTS.fixErrors);
      focusFirstError();
      return;
    }
    setFailure(null);
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
        if (error instanceof ApiError && error.fieldErrors) {
          setErrors(error.fieldErrors);
          setFailure(CREATE_EVENT_TEXTS.fixErrors);
          focusFirstError();
        } else setFailure(error instanceof ApiError ? error.message : CREATE_EVENT_TEXTS.failed);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="event-details">
          <Title order={2} size="h4" mb="md" id="event-details">
            Event details
          </Title>
          <Stack gap="md">
            <TextInput
              size="sm"
              label="Title"
              required
              maxLength={200}
              value={values.title}
              onChange={(e) => change({ title: e.currentTarget.value })}
              error={errors.title}
            />
            <Textarea
              label="Description (optional)"
              maxLength={5000}
              autosize
              minRows={3}
              value={values.description}
              onChange={(e) => change({ description: e.currentTarget.value })}
              error={errors.description}
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
              value={values.venueId}
              onChange={(value) => change({ venueId: value })}
              error={errors.venue_id ?? (venues.isError ? 'Failed to load venues' : undefined)}
              nothingFoundMessage="No venues found"
              limit={100}
            />
            <Select
              label="Coach (optional)"
              searchable
              clearable
              placeholder={coaches.isPending ? 'Loading coaches...' : 'No coach'}
              data={coaches.data ?? []}
              value={values.coachId}
              onChange={(value) => change({ coachId: value })}
              error={errors.coach_profile_id ?? (coaches.isError ? 'Failed to load coaches' : undefined)}
              nothingFoundMessage="No coaches found"
            />
            <DateTimeField
              label="Start time"
              required
              minDate={new Date()}
              value={values.start}
              onChange={(start) => change({ start, end: endAfterStart(start, values.end) })}
              error={errors.start_time}
            />
            <DateTimeField
              label="End time"
              minDate={values.start ?? new Date()}
              value={values.end}
              onChange={(end) => change({ end })}
              error={errors.end_time}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear end time' }}
            />
            <NumberInput
              label="Capacity"
              description={`${OFFICIAL_EVENT_CAPACITY.min} to ${OFFICIAL_EVENT_CAPACITY.max} people`}
              required
              min={OFFICIAL_EVENT_CAPACITY.min}
              max={OFFICIAL_EVENT_CAPACITY.max}
              value={values.capacity}
              onChange={(capacity) => change({ capacity })}
              error={errors.capacity}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="event-slot-types">
          <Title order={2} size="h4" mb="md" id="event-slot-types">
            Slot types
          </Title>
          <SlotTypesFields
            slotTypes={values.slotTypes}
            errors={errors}
            onChange={changeSlot}
            onAdd={() => change({ slotTypes: [...values.slotTypes, newSlotType()] })}
            onRemove={(index) => {
              if (values.slotTypes.length <= 1) return;
              setValues((current) => ({
                ...current,
                slotTypes: current.slotTypes.filter((_, i) => i !== index),
              }));
              setErrors((current) => moveSlotErrors(current, index));
            }}
          />
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

import { COACH_RATE_GUIDANCE, COACH_YEARS_EXPERIENCE } from '@linksmate/proto/rules';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useVenueOptions } from '../../../entities/venue/api/get-venue-options';
import type { CoachFormValues } from './coach-form';

const VENUES_FAILED = 'Failed to load venues';
const VENUES_FAILED_HINT = 'Failed to load venues. Please refresh the page.';

type CoachForm = UseFormReturnType<CoachFormValues>;

/** Names and e-mail (the wizard's Basic Info). */
export function BasicFields({ form }: { form: CoachForm }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          size="sm"
          label="First name"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('first_name')}
        />
        <TextInput
          size="sm"
          label="Last name"
          required
          autoComplete="off"
          {...form.getInputProps('last_name')}
        />
      </SimpleGrid>
      <TextInput
        size="sm"
        label="Email"
        type="email"
        required
        autoComplete="off"
        {...form.getInputProps('email')}
      />
    </Stack>
  );
}

/** The venue the coach mainly teaches at, picked among every venue (100 per request). */
export function VenueField({ form }: { form: CoachForm }) {
  const venues = useVenueOptions();
  useEffect(() => {
    if (venues.isError) notifications.show({ color: 'red', message: VENUES_FAILED });
  }, [venues.isError]);
  return (
    <Select
      label="Venue"
      placeholder={venues.isPending ? 'Loading venues...' : 'Choose a venue'}
      description="The venue the coach mainly teaches at"
      data={venues.data ?? []}
      searchable
      clearable
      nothingFoundMessage="No venues found"
      {...form.getInputProps('venue_id')}
      error={venues.isError ? VENUES_FAILED_HINT : form.errors.venue_id}
    />
  );
}

/** Bio, experience and rate (the wizard's Professional). */
export function ProfessionalFields({ form }: { form: CoachForm }) {
  return (
    <Stack gap="sm">
      <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Years of experience"
          min={COACH_YEARS_EXPERIENCE.min}
          max={COACH_YEARS_EXPERIENCE.max}
          {...form.getInputProps('years_experience')}
        />
        <NumberInput
          label="Hourly rate ($)"
          min={0}
          step={0.01}
          decimalScale={2}
          prefix="$"
          {...form.getInputProps('hourly_rate')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {COACH_RATE_GUIDANCE}
      </Text>
    </Stack>
  );
}

/** Specialties and certifications as comma separated text (the wizard's Skills). */
export function SkillsFields({ form }: { form: CoachForm }) {
  return (
    <Stack gap="sm">
      <TextInput
        size="sm"
        label="Specialties"
        description="Separate with commas, e.g. putting, short_game, beginner"
        {...form.getInputProps('specialties')}
      />
      <TextInput
        size="sm"
        label="Certifications"
        description="Separate with commas, e.g. PGA Professional, TPI Level 1"
        {...form.getInputProps('certifications')}
      />
    </Stack>
  );
}

/** Verified and bookable (the wizard's Settings). */
export function SettingsFields({ form }: { form: CoachForm }) {
  return (
    <Stack gap="sm">
      <Switch label="Verified coach" {...form.getInputProps('is_verified', { type: 'checkbox' })} />
      <Switch
        label="Available for booking"
        {...form.getInputProps('is_available_for_booking', { type: 'checkbox' })}
      />
    </Stack>
  );
}

import { DAYS } from '@linksmate/proto/rules';
import { Fieldset, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { capitalise } from '../../../../lib/text';
import type { VenueField, VenueForm } from './venue-form';

type Person = 'head_golf_professional' | 'teaching_golf_professional';

/**
 * Step 5: how to reach the venue, its pro shop and professionals (e-mails must look like e-mails,
 * docs/product.md#admin-validation), opening hours per day, notes, and for site admins the commercials and blockers.
 */
export function StaffContactStep({ form, withCommercials }: { form: VenueForm; withCommercials: boolean }) {
  const input = (field: VenueField, label: string, kind?: 'email' | 'tel' | 'url') => (
    <TextInput size="sm" label={label} type={kind} {...form.getInputProps(field)} />
  );
  const professional = (person: Person, legend: string) => (
    <Fieldset legend={legend} variant="filled">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {input(`${person}_name` as const, 'Name')}
        {input(`${person}_email` as const, 'Email', 'email')}
        {input(`${person}_phone` as const, 'Phone', 'tel')}
      </SimpleGrid>
    </Fieldset>
  );
  const notes = (field: VenueField, label: string, description?: string) => (
    <Textarea
      label={label}
      description={description}
      autosize
      minRows={2}
      maxRows={6}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Stack gap="md">
      <Fieldset legend="Venue contact" variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {input('phone', 'Phone', 'tel')}
          {input('email', 'Email', 'email')}
          {input('website_url', 'Website', 'url')}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Pro shop" variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {input('proshop_contact_names', 'Contact names')}
          {input('proshop_phone_number', 'Phone', 'tel')}
          {input('proshop_email', 'Email', 'email')}
        </SimpleGrid>
      </Fieldset>
      {professional('head_golf_professional', 'Head golf professional')}
      {professional('teaching_golf_professional', 'Teaching golf professional')}
      <Fieldset legend="Business hours" variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {DAYS.map((day) => (
            <TextInput
              size="sm"
              key={day}
              label={capitalise(day)}
              placeholder="6:00 AM - 7:00 PM, or Closed"
              {...form.getInputProps(`business_hours.${day}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      {notes('notes', 'Notes', 'Seen by admins only.')}
      {withCommercials && (
        <>
          {notes('commercials', 'Commercials', 'Seen by site admins only.')}
          {notes('blockers', 'Blockers', 'Seen by site admins only.')}
        </>
      )}
    </Stack>
  );
}

import { ADMIN_VENUE_TYPES } from '@linksmate/proto/rules';
import { Checkbox, Group, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { venueTypeLabel } from '../venue-text';
import type { VenueForm } from './venue-form';

/** Step 1: name, types (with custom ones when 'Other' is ticked), description, active and verified. */
export function BasicInfoStep({ form }: { form: VenueForm }) {
  const other = form.values.venue_type.includes('other');
  return (
    <Stack gap="md">
      <TextInput size="sm" label="Venue name" required data-autofocus {...form.getInputProps('name')} />
      <Checkbox.Group
        label="Venue types"
        description="Every kind of facility the venue offers."
        withAsterisk
        {...form.getInputProps('venue_type')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" mt="xs">
          {ADMIN_VENUE_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={venueTypeLabel(type)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {other && (
        <TextInput
          size="sm"
          label="Custom venue types"
          description="Comma separated, for example: Footgolf, Disc golf. They replace 'Other' on save."
          required
          {...form.getInputProps('custom_venue_types')}
        />
      )}
      <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
      <Group gap="xl">
        <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Switch label="Verified" {...form.getInputProps('is_verified', { type: 'checkbox' })} />
      </Group>
    </Stack>
  );
}

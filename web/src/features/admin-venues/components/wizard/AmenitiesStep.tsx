import { CLUB_AMENITIES, COURSE_AMENITIES } from '@linksmate/proto/rules';
import { Checkbox, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { clubAmenityLabel, courseAmenityLabel } from '../venue-text';
import type { VenueField, VenueForm } from './venue-form';

/** Step 4: what the course and the club house offer, and what the venue is known for. */
export function AmenitiesStep({ form }: { form: VenueForm }) {
  const text = (field: VenueField, label: string) => (
    <Textarea label={label} autosize minRows={2} maxRows={6} {...form.getInputProps(field)} />
  );
  return (
    <Stack gap="md">
      <Checkbox.Group label="Course amenities" {...form.getInputProps('course_amenities')}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" mt="xs">
          {COURSE_AMENITIES.map((amenity) => (
            <Checkbox key={amenity} value={amenity} label={courseAmenityLabel(amenity)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group label="Club amenities" {...form.getInputProps('club_amenities')}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" mt="xs">
          {CLUB_AMENITIES.map((amenity) => (
            <Checkbox key={amenity} value={amenity} label={clubAmenityLabel(amenity)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {text('accessibility_features', 'Accessibility features')}
      {text('awards_recognition', 'Awards and recognition')}
      {text('environmental_initiatives', 'Environmental initiatives')}
    </Stack>
  );
}

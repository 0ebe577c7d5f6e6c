import { COURSE_LENGTH_MAX, COURSE_TYPES, DAYS, DIFFICULTIES, PRODUCT_NAME } from '@linksmate/proto/rules';
import {
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { capitalise } from '../../../../lib/text';
import { humanise } from '../venue-text';
import type { VenueField, VenueForm } from './venue-form';

const COURSE_TYPE_OPTIONS = COURSE_TYPES.map((value) => ({ value, label: humanise(value) }));
const DIFFICULTY_OPTIONS = DIFFICULTIES.map((value) => ({ value, label: capitalise(value) }));

/** A yes-or-no the venue may not have answered: unticked until someone says yes or no. */
function Flag({ form, field, label }: { form: VenueForm; field: VenueField; label: string }) {
  return (
    <Checkbox
      label={label}
      checked={form.values[field] === true}
      onChange={(event) => form.setFieldValue(field, event.currentTarget.checked as never)}
    />
  );
}

/** Step 3: the course itself; a negative length is kept as typed and refused by the step (docs/product.md#admin-validation). */
export function CourseDetailsStep({ form }: { form: VenueForm }) {
  const length = (field: VenueField, label: string, description?: string) => (
    <NumberInput
      label={label}
      description={description}
      min={0}
      max={COURSE_LENGTH_MAX}
      thousandSeparator=","
      {...form.getInputProps(field)}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Course type"
          placeholder="Not set"
          data={COURSE_TYPE_OPTIONS}
          clearable
          {...form.getInputProps('course_type')}
        />
        <Select
          label="Difficulty (men)"
          placeholder="Not set"
          data={DIFFICULTY_OPTIONS}
          clearable
          {...form.getInputProps('difficulty_men')}
        />
        <Select
          label="Difficulty (women)"
          placeholder="Not set"
          data={DIFFICULTY_OPTIONS}
          clearable
          {...form.getInputProps('difficulty_women')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {length('course_full_length', 'Full course (holes)')}
        {length('course_half_length', 'Half course (holes)')}
        {length('course_length_metres', 'Course length (metres)')}
      </SimpleGrid>
      <TextInput
        size="sm"
        label="Rounds offered"
        placeholder="For example: 9 holes, 18 holes"
        {...form.getInputProps('rounds_offered')}
      />
      <Textarea label="Dress code" autosize minRows={2} maxRows={5} {...form.getInputProps('dress_code')} />
      <Checkbox.Group label="Social golf days" {...form.getInputProps('social_golf_days')}>
        <Group gap="md" mt="xs">
          {DAYS.map((day) => (
            <Checkbox key={day} value={day} label={capitalise(day)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Stack gap="xs">
        <Flag form={form} field="social_clubs_allowed" label="Social clubs allowed" />
        <Flag form={form} field="linksmate_comp_play_allowed" label={`${PRODUCT_NAME} comp play allowed`} />
        <Flag form={form} field="carts_available" label="Carts available" />
      </Stack>
      <TagsInput
        label="Tags"
        description="Press Enter or type a comma after each tag."
        splitChars={[',']}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the tags' }}
        {...form.getInputProps('tags')}
      />
    </Stack>
  );
}

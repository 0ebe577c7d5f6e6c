import {
  COURSE_LIMITS,
  type CourseHoleCount,
  TEE_GENDER_LABELS,
  TEE_GENDERS,
  type TeeGender,
} from '@linksmate/proto/rules/courses';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { refusedFields } from '../../../lib/form-errors';
import type { Course } from '../api/get-admin-courses';
import {
  type CourseValues,
  courseBody,
  courseValues,
  newCourseValues,
  newTee,
  resizedTees,
  type TeeValues,
  teePar,
  validateCourse,
} from './course-form';

const GENDER_OPTIONS = TEE_GENDERS.map((gender) => ({ value: gender, label: TEE_GENDER_LABELS[gender] }));
const teeLabel = (tee: TeeValues, index: number) =>
  `${tee.name.trim() || `Tee ${index + 1}`} (${TEE_GENDER_LABELS[tee.gender].toLowerCase()})`;

/** One tee's holes as a scorecard: a column per hole, a row for par and one for stroke index. */
function HolesGrid({
  form,
  teeIndex,
  label,
}: {
  form: UseFormReturnType<CourseValues>;
  teeIndex: number;
  label: string;
}) {
  const holes = form.getValues().tees[teeIndex]!.holes;
  const cell = (holeIndex: number, field: 'par' | 'stroke_index', name: string) => {
    const path = `tees.${teeIndex}.holes.${holeIndex}.${field}`;
    return (
      <Table.Td key={`${field}-${holeIndex}`} p={2}>
        <NumberInput
          {...form.getInputProps(path)}
          key={form.key(path)}
          aria-label={`Hole ${holeIndex + 1} ${name}, ${label}`}
          hideControls
          // What is typed stays as typed (a minus, a decimal): courseErrors names what is wrong.
          size="xs"
          w={44}
          styles={{ input: { textAlign: 'center', paddingInline: 2 } }}
          // The message shows below the grid: under a 44-pixel box it would not fit.
          error={!!form.errors[path]}
        />
      </Table.Td>
    );
  };
  const messages = [
    ...new Set(
      holes.flatMap((_, i) =>
        (['par', 'stroke_index'] as const).flatMap((field) => {
          const message = form.errors[`tees.${teeIndex}.holes.${i}.${field}`];
          return message ? [`Hole ${i + 1}: ${message}`] : [];
        }),
      ),
    ),
  ];
  const countProblem = form.errors[`tees.${teeIndex}.holes`];
  const shown = [countProblem, ...messages].filter(
    (message): message is string => typeof message === 'string',
  );
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={holes.length * 48 + 72} type="native">
        <Table
          withRowBorders={false}
          verticalSpacing={2}
          horizontalSpacing={0}
          aria-label={`Holes, ${label}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>
                <Text size="xs" c="dimmed">
                  Hole
                </Text>
              </Table.Th>
              {holes.map((hole) => (
                <Table.Th key={hole.number} ta="center">
                  <Text size="xs" fw={600}>
                    {hole.number}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">
                <Text size="xs">Par</Text>
              </Table.Th>
              {holes.map((_, i) => cell(i, 'par', 'par'))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">
                <Text size="xs">Index</Text>
              </Table.Th>
              {holes.map((_, i) => cell(i, 'stroke_index', 'stroke index'))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.map((message) => (
        <Text key={message} size="xs" c="red.8" role="alert">
          {message}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * docs/product.md#courses: a course edited whole, its name, 9 or 18 holes and each tee with its
 * ratings and holes, judged by the rules the server applies before it is sent; the server's own
 * refusal lands under the same fields.
 */
export function CourseEditor({
  venueId,
  course,
  saving,
  onSave,
  onCancel,
}: {
  venueId: number;
  course?: Course;
  saving: boolean;
  onSave(values: { venueId: number; body: ReturnType<typeof courseBody> }): Promise<unknown>;
  onCancel(): void;
}) {
  const form = useForm<CourseValues>({
    mode: 'controlled',
    initialValues: course ? courseValues(course) : newCourseValues(),
    validate: validateCourse,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const values = form.getValues();
  const title = course ? `Edit ${course.name}` : 'New course';

  const submit = form.onSubmit(async (submitted) => {
    setFailure(null);
    try {
      await onSave({ venueId, body: courseBody(submitted) });
    } catch (error) {
      const refused = refusedFields(error);
      if (refused) {
        form.setErrors(refused.fields);
        if (refused.other.length) setFailure(refused.other.join(' '));
      } else setFailure(error instanceof Error ? error.message : 'The course could not be saved');
    }
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label="Course name"
            placeholder="e.g. West Course"
            withAsterisk
            maxLength={COURSE_LIMITS.nameMaxLength}
            {...form.getInputProps('name')}
            key={form.key('name')}
            w={{ base: '100%', sm: 280 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="course-holes-label">
              Holes
            </Text>
            <SegmentedControl
              aria-labelledby="course-holes-label"
              data={[
                { value: '18', label: '18 holes' },
                { value: '9', label: '9 holes' },
              ]}
              value={String(values.holes)}
              onChange={(value) => {
                const count = Number(value) as CourseHoleCount;
                form.setValues({ holes: count, tees: resizedTees(form.getValues().tees, count) });
              }}
            />
          </Stack>
        </Group>

        {values.tees.map((tee, index) => {
          const label = teeLabel(tee, index);
          return (
            <Paper
              key={tee.key}
              withBorder
              radius="sm"
              p="sm"
              component="fieldset"
              m={0}
              aria-label={label}
              // A fieldset is at least as wide as its content: without this the holes grid widens the page instead of scrolling.
              miw={0}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{label}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={`Remove tee ${label}`}
                    disabled={values.tees.length === 1}
                    onClick={() => form.removeListItem('tees', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                  <TextInput
                    label="Tee name"
                    placeholder="e.g. Blue"
                    withAsterisk
                    maxLength={COURSE_LIMITS.teeNameMaxLength}
                    {...form.getInputProps(`tees.${index}.name`)}
                    key={form.key(`tees.${index}.name`)}
                  />
                  <Select
                    label="Rated for"
                    data={GENDER_OPTIONS}
                    allowDeselect={false}
                    {...form.getInputProps(`tees.${index}.gender`)}
                    key={form.key(`tees.${index}.gender`)}
                    onChange={(value) => form.setFieldValue(`tees.${index}.gender`, value as TeeGender)}
                  />
                  <TextInput
                    label="Par (sum of holes)"
                    variant="filled"
                    readOnly
                    value={String(teePar(tee))}
                    error={form.errors[`tees.${index}.par`]}
                  />
                  <NumberInput
                    label="Course rating"
                    withAsterisk
                    step={0.1}
                    min={0}
                    hideControls
                    {...form.getInputProps(`tees.${index}.course_rating`)}
                    key={form.key(`tees.${index}.course_rating`)}
                  />
                  <NumberInput
                    label="Slope rating"
                    withAsterisk
                    hideControls
                    {...form.getInputProps(`tees.${index}.slope_rating`)}
                    key={form.key(`tees.${index}.slope_rating`)}
                  />
                </SimpleGrid>
                <HolesGrid form={form} teeIndex={index} label={label} />
              </Stack>
            </Paper>
          );
        })}
        {form.errors.tees && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.tees}
          </Text>
        )}

        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={values.tees.length >= COURSE_LIMITS.maxTees}
            onClick={() => form.insertListItem('tees', newTee(values.holes, values.tees.at(-1)))}
          >
            Add tee
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save course
            </Button>
          </Group>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

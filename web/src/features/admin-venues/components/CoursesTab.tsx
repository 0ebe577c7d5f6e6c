import { TYPICAL_VALUES_NOTE } from '@linksmate/proto/rules/courses';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailure } from '../../../components/LoadStates';
import { TeesTable } from '../../../components/TeesTable';
import { useCreateCourse } from '../api/create-course';
import { useDeleteCourse } from '../api/delete-course';
import { type Course, useAdminCourses } from '../api/get-admin-courses';
import { useUpdateCourse } from '../api/update-course';
import { CourseEditor } from './CourseEditor';

function CourseCard({
  course,
  onEdit,
  onDelete,
  deleting,
}: {
  course: Course;
  onEdit(): void;
  onDelete(): void;
  deleting: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={course.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4">
              {course.name}
            </Title>
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              {course.holes} holes
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={`Edit ${course.name}`}
            >
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              loading={deleting}
              aria-label={`Delete ${course.name}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {course.typical_values && (
          <Text size="sm" c="dimmed">
            {TYPICAL_VALUES_NOTE} Saving the course makes them the club's own.
          </Text>
        )}
        <TeesTable tees={course.tees} label={`Tees of ${course.name}`} />
      </Stack>
    </Paper>
  );
}

/**
 * The venue admin's Courses tab (docs/product.md#courses): the venue's courses and their tees, a
 * course added or edited whole (ratings and a holes grid per tee), and deleted once confirmed.
 */
export function CoursesTab({ venueId }: { venueId: number }) {
  const courses = useAdminCourses(venueId);
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const remove = useDeleteCourse();
  /** The course being edited: 'new', a course's id, or none. */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (courses.isError)
    return (
      <LoadFailure
        title="Failed to load the courses"
        detail={courses.error.message}
        onRetry={() => void courses.refetch()}
        retrying={courses.isFetching}
      />
    );
  if (!courses.data)
    return (
      <Center py="xl" role="status" aria-label="Loading the courses">
        <Loader />
      </Center>
    );

  const list = courses.data.courses;
  const edited = typeof editing === 'number' ? list.find((c) => c.id === editing) : undefined;
  // Its tees and holes go with it, and rounds will refer to them: asked first.
  const askToDelete = (course: Course) =>
    modals.openConfirmModal({
      title: `Delete ${course.name}?`,
      children: (
        <Text size="sm">
          {course.name} and its {course.tees.length} {course.tees.length === 1 ? 'tee' : 'tees'} are deleted
          for good.
        </Text>
      ),
      labels: { confirm: 'Delete course', cancel: 'Keep course' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => {
        setFailure(null);
        remove.mutate(
          { venueId, courseId: course.id },
          { onError: (error) => setFailure(`Failed to delete the course: ${error.message}`) },
        );
      },
    });

  if (editing !== null)
    return (
      <CourseEditor
        key={editing}
        venueId={venueId}
        course={edited}
        saving={create.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSave={async ({ body }) => {
          if (edited) await update.mutateAsync({ venueId, courseId: edited.id, body });
          else await create.mutateAsync({ venueId, body });
          setEditing(null);
        }}
      />
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm" maw={560}>
          Each tee is rated for men or for women, with its par, course rating and slope, and every hole's par
          and stroke index.
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Add course
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {list.length === 0 ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          No courses yet. Add one to give golfers its tees and ratings.
        </Alert>
      ) : (
        list.map((course) => (
          <CourseCard
            key={course.id}
            course={course}
            onEdit={() => setEditing(course.id)}
            onDelete={() => askToDelete(course)}
            deleting={remove.isPending && remove.variables?.courseId === course.id}
          />
        ))
      )}
    </Stack>
  );
}

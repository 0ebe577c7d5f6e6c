import { TYPICAL_VALUES_NOTE } from '@linksmate/proto/rules/courses';
import { Card, Stack, Text, Title } from '@mantine/core';
import { TeesTable } from '../../../components/TeesTable';
import { useVenueCourses } from '../../../entities/venue/api/get-venue-courses';

/**
 * The venue page's courses and tees (docs/product.md#courses): per course, each tee's par, course
 * rating and slope in one compact table; the demo's typical values say so. Nothing while loading or
 * when the venue has no course (a range, an indoor centre).
 */
export function VenueCourses({ venueId }: { venueId: number }) {
  const courses = useVenueCourses(venueId).data?.courses ?? [];
  if (courses.length === 0) return null;
  const typical = courses.some((course) => course.typical_values);
  return (
    <Card shadow="xs" component="section" aria-labelledby="venue-courses-title">
      <Title order={2} fz="h4" mb="sm" id="venue-courses-title">
        Courses and Tees
      </Title>
      <Stack gap="md">
        {courses.map((course) => (
          <TeesTable
            key={course.id}
            tees={course.tees}
            caption={
              <>
                <Text span fw={600}>
                  {course.name}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  · {course.holes} holes
                </Text>
              </>
            }
          />
        ))}
        {typical && (
          <Text size="xs" c="dimmed">
            {TYPICAL_VALUES_NOTE}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

import { TEE_GENDER_LABELS, TYPICAL_VALUES_NOTE } from '@linksmate/proto/rules';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useVenueCourses } from '../api/get-venue-courses';

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
          <Table.ScrollContainer key={course.id} minWidth={320} type="native">
            <Table striped verticalSpacing={4} horizontalSpacing="xs">
              <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>
                <Text span fw={600}>
                  {course.name}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  · {course.holes} holes
                </Text>
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tee</Table.Th>
                  <Table.Th ta="right">Par</Table.Th>
                  <Table.Th ta="right">Rating</Table.Th>
                  <Table.Th ta="right">Slope</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {course.tees.map((tee) => (
                  <Table.Tr key={tee.id}>
                    <Table.Td>
                      {tee.name}{' '}
                      <Text span c="dimmed" size="sm">
                        ({TEE_GENDER_LABELS[tee.gender]})
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{tee.par}</Table.Td>
                    <Table.Td ta="right">{tee.course_rating.toFixed(1)}</Table.Td>
                    <Table.Td ta="right">{tee.slope_rating}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

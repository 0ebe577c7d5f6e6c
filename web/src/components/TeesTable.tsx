import type { Tee } from '@linksmate/proto';
import { TEE_GENDER_LABELS } from '@linksmate/proto/rules/courses';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A course's tees as a scorecard heads them (docs/product.md#courses): name and who it is rated
 * for, par, course rating and slope; scrolls sideways rather than squeeze on a phone.
 */
export function TeesTable({
  tees,
  label,
  caption,
}: {
  tees: Tee[];
  /** The table's accessible name when it has no caption. */
  label?: string;
  caption?: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table striped verticalSpacing={4} horizontalSpacing="xs" aria-label={label}>
        {caption && (
          <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>{caption}</caption>
        )}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tee</Table.Th>
            <Table.Th ta="right">Par</Table.Th>
            <Table.Th ta="right">Rating</Table.Th>
            <Table.Th ta="right">Slope</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tees.map((tee) => (
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
  );
}

import { DAYS } from '@linksmate/proto/rules';
import { Card, Group, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { capitalise } from '../../../lib/text';
import type { Coach } from '../api/get-coaches';

/** A titled card of the coach detail. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card shadow="xs" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** One labelled value, label left and value right. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A value too long for the line (an e-mail address on a phone) moves under its label whole.
    <Group
      justify="space-between"
      wrap="wrap"
      gap="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)', rowGap: 2 }}
    >
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        ta="right"
        component="div"
        style={{ minWidth: 0, marginLeft: 'auto', overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </Group>
  );
}

/**
 * The week as the coach teaches it, Monday first; days the schedule leaves out are not shown. Null
 * when the coach has given no schedule.
 */
export function WeeklyAvailability({ schedule }: { schedule: Coach['availability_schedule'] }) {
  const known = new Set<string>(DAYS);
  const days = [
    ...DAYS.filter((day) => schedule[day]),
    ...Object.keys(schedule).filter((day) => !known.has(day.toLowerCase())),
  ];
  if (days.length === 0) return null;
  return (
    <Section title="Weekly Availability">
      <Table verticalSpacing={6} horizontalSpacing={0}>
        <Table.Tbody>
          {days.map((day) => {
            const slot = schedule[day]!;
            return (
              <Table.Tr key={day}>
                <Table.Th scope="row" fw={500} fz="sm">
                  {capitalise(day)}
                </Table.Th>
                <Table.Td ta="right" fz="sm" c={slot.available ? undefined : 'dimmed'}>
                  {slot.available ? slot.hours || 'Available' : 'Unavailable'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

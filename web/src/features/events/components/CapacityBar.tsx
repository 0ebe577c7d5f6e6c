import { Group, Progress, Text } from '@mantine/core';

/** Spec 2: 'n / capacity' over a bar that turns red once the event is full. */
export function CapacityBar({ taken, capacity }: { taken: number; capacity: number }) {
  const full = taken >= capacity;
  const percent = capacity > 0 ? Math.min(100, (taken / capacity) * 100) : 100;
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" c="dimmed">
          Participants
        </Text>
        <Text size="sm" fw={600} c={full ? 'red.9' : undefined}>
          {taken} / {capacity}
          {full ? ' · Full' : ''}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={full ? 'red.8' : 'fairway'}
        size="md"
        radius="xl"
        aria-label={`${taken} of ${capacity} places taken${full ? ', full' : ''}`}
      />
    </div>
  );
}

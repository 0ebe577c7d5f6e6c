import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { DashboardMembers } from '../api/get-dashboard';
import { ChartCard } from './ChartCard';
import { formatCount, statusLabel, statusList } from './format';

const COLORS: Record<string, string> = {
  active: 'fairway.6',
  trialing: 'blue.5',
  past_due: 'orange.5',
  canceled: 'red.6',
  none: 'gray.4',
};

/** Every account by its membership's status: a donut with the total in its middle, and its key. */
export function MembersChart({ members }: { members: DashboardMembers }) {
  const total = members.totals.users;
  const slices = members.by_status.map((s) => ({
    name: statusLabel(s.status),
    value: s.count,
    color: COLORS[s.status] ?? 'gray.6',
  }));
  return (
    <ChartCard
      title="Members by status"
      caption="Every account, by its membership"
      summary={`${formatCount(total)} accounts: ${statusList(members.by_status)}.`}
    >
      <Group justify="center" gap="xl" wrap="wrap" mih={260}>
        <DonutChart
          accessibilityLayer={false}
          pieProps={{ rootTabIndex: -1 }}
          data={slices}
          size={200}
          thickness={30}
          chartLabel={formatCount(total)}
          withTooltip={total > 0}
          valueFormatter={formatCount}
        />
        <Stack gap={8}>
          {slices.map((slice) => (
            <Group key={slice.name} gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={12} />
              <Text size="sm" miw={110}>
                {slice.name}
              </Text>
              <Text size="sm" fw={700}>
                {formatCount(slice.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}

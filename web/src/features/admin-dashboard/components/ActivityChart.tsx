import { BarChart } from '@mantine/charts';
import type { DashboardActivity } from '../api/get-dashboard';
import { ChartCard } from './ChartCard';
import { formatCount, statusLabel, statusList } from './format';

/** This month's events or bookings by status, one bar each. */
export function ActivityChart({
  title,
  caption,
  noun,
  activity,
  color,
}: {
  title: string;
  caption: string;
  /** What is counted, plural ("events"), for the summary. */
  noun: string;
  activity: DashboardActivity;
  color: string;
}) {
  return (
    <ChartCard
      title={title}
      caption={caption}
      summary={`${formatCount(activity.total)} ${noun} this month: ${statusList(activity.by_status)}.`}
    >
      <BarChart
        accessibilityLayer={false}
        h={240}
        data={activity.by_status.map((s) => ({ status: statusLabel(s.status), count: s.count }))}
        dataKey="status"
        series={[{ name: 'count', label: noun.charAt(0).toUpperCase() + noun.slice(1), color }]}
        valueFormatter={formatCount}
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

import { BarChart } from '@mantine/charts';
import type { DashboardMembers } from '../api/get-dashboard';
import { ChartCard } from './ChartCard';
import { formatCount, monthName, monthTick, peak } from './format';

/** Accounts created each month of the last twelve. */
export function SignupsChart({ signups }: { signups: DashboardMembers['signups_by_month'] }) {
  const total = signups.reduce((sum, m) => sum + m.count, 0);
  const best = peak(signups, (m) => m.count);
  const thisMonth = signups.at(-1)?.count ?? 0;
  const summary =
    total === 0
      ? 'No sign-ups in the last 12 months.'
      : `${formatCount(total)} sign-ups over the last 12 months; ${formatCount(thisMonth)} this month; most in ${monthName(best!.month)} (${formatCount(best!.count)}).`;
  return (
    <ChartCard title="New sign-ups" caption="Accounts created, last 12 months" summary={summary}>
      <BarChart
        accessibilityLayer={false}
        h={260}
        data={signups.map((m) => ({ month: monthTick(m.month), signups: m.count }))}
        dataKey="month"
        series={[{ name: 'signups', label: 'Sign-ups', color: 'blue.6' }]}
        valueFormatter={formatCount}
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

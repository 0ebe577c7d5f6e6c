import { AreaChart } from '@mantine/charts';
import type { DashboardRevenue } from '../api/get-dashboard';
import { ChartCard } from './ChartCard';
import { formatAud, monthName, monthTick, peak } from './format';

const compactAud = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Payments taken and refunds made each month of the last twelve, in AUD. */
export function RevenueChart({ revenue }: { revenue: DashboardRevenue }) {
  const total = revenue.by_month.reduce((sum, m) => sum + m.amount, 0);
  const refunded = revenue.by_month.reduce((sum, m) => sum + m.refunded, 0);
  const best = peak(revenue.by_month, (m) => m.amount);
  const summary =
    total === 0 && refunded === 0
      ? 'No revenue in the last 12 months.'
      : `${formatAud(total)} taken and ${formatAud(refunded)} refunded over the last 12 months; this month ${formatAud(revenue.this_month)} taken, ${formatAud(revenue.refunded_this_month)} refunded, ${formatAud(revenue.net_this_month)} net${best ? `; most taken in ${monthName(best.month)} (${formatAud(best.amount)})` : ''}.`;
  return (
    <ChartCard
      title="Revenue by month"
      caption="Payments taken and refunds made, last 12 months (AUD)"
      summary={summary}
    >
      <AreaChart
        accessibilityLayer={false}
        h={260}
        data={revenue.by_month.map((m) => ({
          month: monthTick(m.month),
          taken: m.amount,
          refunded: m.refunded,
        }))}
        dataKey="month"
        series={[
          { name: 'taken', label: 'Taken', color: 'fairway.6' },
          { name: 'refunded', label: 'Refunded', color: 'red.6' },
        ]}
        curveType="monotone"
        valueFormatter={formatAud}
        yAxisProps={{ tickFormatter: (cents: number) => compactAud.format(cents / 100), width: 64 }}
      />
    </ChartCard>
  );
}

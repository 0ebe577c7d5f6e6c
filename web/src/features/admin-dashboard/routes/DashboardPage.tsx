import { isSiteAdminRole } from '@linksmate/proto/rules';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCurrencyDollar,
  IconTicket,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { LoadFailure } from '../../../components/LoadStates';
import { PageHeader, RefreshButton } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session-context';
import { type AdminDashboardReply, useDashboard } from '../api/get-dashboard';
import { ActivityChart } from '../components/ActivityChart';
import { formatAud, formatCount, monthName } from '../components/format';
import { MembersChart } from '../components/MembersChart';
import { RevenueChart } from '../components/RevenueChart';
import { SignupsChart } from '../components/SignupsChart';
import { StatCard } from '../components/StatCard';

const FAILED = 'Failed to load the dashboard. Please try again.';

/** What the events' and bookings' figures cover, after the month (the server scopes them by role). */
const SCOPE_NOTE: Record<AdminDashboardReply['scope'], string> = {
  platform: '',
  venues: ': events and bookings at the venues you run',
  coaching: ': events and bookings of your coaching',
};

/**
 * The admin area's landing page (docs/product.md#admin-sections "/admin"): figures worth a look. Site admins see members,
 * sign-ups and revenue beside this month's events and bookings; venue and coach admins only the
 * events and bookings of their part (the server sends them nothing else). Roles landing elsewhere
 * are taken there by the section guard.
 */
export function DashboardPage() {
  const { role } = useSession();
  return <Dashboard siteAdmin={isSiteAdminRole(role)} />;
}

function Dashboard({ siteAdmin }: { siteAdmin: boolean }) {
  const dashboard = useDashboard();
  const figures = dashboard.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        subtitle={
          figures
            ? `${monthName(figures.month)}, in Sydney time${SCOPE_NOTE[figures.scope]}.`
            : 'Figures worth a look.'
        }
        actions={<RefreshButton query={dashboard} />}
      />

      {dashboard.isError && !figures ? (
        <LoadFailure
          title={FAILED}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : figures ? (
        <Figures figures={figures} />
      ) : (
        <DashboardSkeleton siteAdmin={siteAdmin} />
      )}
    </Stack>
  );
}

function Figures({ figures }: { figures: AdminDashboardReply }) {
  const { members, revenue, events_this_month: events, bookings_this_month: bookings } = figures;
  const count = (status: string) => members?.by_status.find((s) => s.status === status)?.count ?? 0;
  const trialing = count('trialing');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={members ? { base: 1, xs: 2, md: 3, xl: 5 } : { base: 1, xs: 2 }}>
        {members && (
          <StatCard
            label="Users"
            value={formatCount(members.totals.users)}
            hint={`${formatCount(members.totals.banned)} banned`}
            icon={IconUsers}
            color="gray"
          />
        )}
        {members && (
          <StatCard
            label="Active members"
            value={formatCount(count('active') + trialing)}
            hint={trialing ? `Including ${formatCount(trialing)} in a trial` : 'Paying or granted'}
            icon={IconUserCheck}
            color="fairway"
          />
        )}
        {revenue && (
          <StatCard
            label="Revenue this month (net)"
            value={formatAud(revenue.net_this_month)}
            hint={`${formatAud(revenue.this_month)} taken, ${formatAud(revenue.refunded_this_month)} refunded (AUD)`}
            icon={IconCurrencyDollar}
            color="sand"
          />
        )}
        <StatCard
          label="Events this month"
          value={formatCount(events.total)}
          hint="Starting this month"
          icon={IconCalendarEvent}
          color="blue"
        />
        <StatCard
          label="Bookings this month"
          value={formatCount(bookings.total)}
          hint="Made this month"
          icon={IconTicket}
          color="violet"
        />
      </SimpleGrid>

      {revenue && <RevenueChart revenue={revenue} />}
      {members && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MembersChart members={members} />
          <SignupsChart signups={members.signups_by_month} />
        </SimpleGrid>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ActivityChart
          title="Events this month"
          caption="Events starting this month, by status"
          noun="events"
          activity={events}
          color="blue.6"
        />
        <ActivityChart
          title="Bookings this month"
          caption="Bookings made this month, by status now"
          noun="bookings"
          activity={bookings}
          color="violet.6"
        />
      </SimpleGrid>
    </Stack>
  );
}

function DashboardSkeleton({ siteAdmin }: { siteAdmin: boolean }) {
  // Placeholders where the figures will be: site admins' five cards and five charts (revenue on a
  // row of its own), or the events' and bookings' two of each.
  const cards = siteAdmin ? ['users', 'members', 'revenue', 'events', 'bookings'] : ['events', 'bookings'];
  const pairs = siteAdmin
    ? [
        ['members', 'signups'],
        ['events', 'bookings'],
      ]
    : [['events', 'bookings']];
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the dashboard...">
      <SimpleGrid cols={siteAdmin ? { base: 1, xs: 2, md: 3, xl: 5 } : { base: 1, xs: 2 }}>
        {cards.map((card) => (
          <Skeleton key={card} height={104} radius="md" />
        ))}
      </SimpleGrid>
      {siteAdmin && <Skeleton height={350} radius="md" />}
      {pairs.map((pair) => (
        <SimpleGrid key={pair.join()} cols={{ base: 1, md: 2 }}>
          {pair.map((chart) => (
            <Skeleton key={chart} height={350} radius="md" />
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

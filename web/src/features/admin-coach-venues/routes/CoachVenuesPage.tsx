import type { Coach } from '@linksmate/proto';
import { isSiteAdminRole } from '@linksmate/proto/rules';
import { Alert, Badge, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session-context';
import { OWN_COACH_MESSAGES, OwnCoachError, useOwnCoachId } from '../api/get-own-coach';
import { CoachList, coachName } from '../components/CoachList';
import { CoachVenuesPanel } from '../components/CoachVenuesPanel';

const NO_PERMISSION = 'You do not have permission to access this page.';
/** Who manage the venues of their own coach profile only (docs/product.md#admin-roles). */
const COACH_ROLES = ['coach', 'coach_admin'];

function Notice({ children }: { children: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

/** Site admins: any coach, chosen from the paged list, and where they teach. */
function SiteAdminView() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Coach | null>(null);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CoachList page={page} selectedId={selected?.id ?? null} onPage={setPage} onSelect={setSelected} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {selected ? (
          <CoachVenuesPanel
            key={selected.id}
            coachId={selected.id}
            title={`Venues for ${coachName(selected)}`}
          />
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            Select a coach to see and manage the venues they teach at.
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}

/** Coaches and coach admins: their own coach profile's venues only (docs/product.md#admin-states lookup). */
function OwnVenuesView({ userId }: { userId: number | null }) {
  const own = useOwnCoachId(userId);
  if (userId === null) return <Notice>{OWN_COACH_MESSAGES.notFound}</Notice>;
  if (own.isPending)
    return (
      <Group justify="center" py="xl" role="status" aria-label="Loading your coach profile">
        <Loader size="sm" />
      </Group>
    );
  if (own.isError)
    return (
      <Notice>
        {own.error instanceof OwnCoachError ? own.error.message : OWN_COACH_MESSAGES.loadFailed}
      </Notice>
    );
  return <CoachVenuesPanel coachId={own.data} title="Your venues" />;
}

/** docs/product.md#admin-sections "Coach venues" (/admin/coach-venues). */
export function CoachVenuesPage() {
  const { role, claims } = useSession();
  const siteAdmin = isSiteAdminRole(role);
  const coach = !!role && COACH_ROLES.includes(role);

  return (
    <Stack gap="lg">
      <PageHeader
        title={siteAdmin ? 'Coach Venues' : 'My Coaching Venues'}
        subtitle={
          siteAdmin
            ? 'Choose a coach to manage the venues they teach at and their primary venue.'
            : 'The venues you teach at. Your primary venue is the one golfers see first.'
        }
        actions={
          siteAdmin && (
            <Badge
              size="lg"
              color="grape"
              c="grape.9"
              variant="light"
              leftSection={<IconShieldCheck size={14} aria-hidden />}
            >
              Site Admin View
            </Badge>
          )
        }
      />
      {siteAdmin ? (
        <SiteAdminView />
      ) : coach ? (
        <OwnVenuesView userId={claims?.user_id ?? null} />
      ) : (
        <Notice>{NO_PERMISSION}</Notice>
      )}
    </Stack>
  );
}

import type { AdminProfileClaim } from '@linksmate/proto';
import { CLAIM_STATUSES, PAGE_SIZES } from '@linksmate/proto/rules';
import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { ShowingPagination } from '../../../components/ShowingPagination';
import { useAddressQuery } from '../../../lib/address-query';
import { useClaims } from '../api/get-claims';
import { ClaimDetailsDialog } from '../components/ClaimDetailsDialog';
import { ClaimsTable } from '../components/ClaimsTable';

const LOAD_FAILED = 'Failed to load profile claim requests. Please try again later.';
const LIMIT = PAGE_SIZES.adminClaims;
const TABS = [...CLAIM_STATUSES, 'all'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/**
 * docs/product.md#admin-sections "Profile claim requests" (/admin/profile-claims): every claim read at once (up to 500),
 * filtered by the tabs and paged 10 at a time on the client; the tabs count from the server's counts.
 */
export function ProfileClaimsPage() {
  const { params, update } = useAddressQuery({ status: 'pending', page: 1 });
  const status: Tab = isTab(params.get('status')) ? (params.get('status') as Tab) : 'pending';
  const claims = useClaims();
  const [viewing, setViewing] = useState<number | null>(null);

  const all = claims.data?.claims ?? [];
  const shown = status === 'all' ? all : all.filter((claim) => claim.status === status);
  const totalPages = Math.max(1, Math.ceil(shown.length / LIMIT));
  const page = Math.min(totalPages, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const rows: AdminProfileClaim[] = shown.slice((page - 1) * LIMIT, page * LIMIT);
  const state = claims.isPending
    ? 'Loading claim requests...'
    : claims.isError
      ? 'No claim requests to show'
      : rows.length === 0
        ? 'No claim requests found'
        : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Profile Claim Requests"
        subtitle="Coaches and venue owners asking to manage their profile. Approving gives them the profile and its role."
      />

      {claims.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{LOAD_FAILED}</Text>
            <Button size="xs" variant="default" onClick={() => claims.refetch()} loading={claims.isFetching}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}

      <Tabs
        value={status}
        onChange={(value) => update({ status: isTab(value) ? value : 'pending', page: 1 })}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                <Badge
                  size="sm"
                  variant="light"
                  color={tab === 'pending' ? 'sand' : 'gray'}
                  c={tab === 'pending' ? 'sand.9' : 'gray.8'}
                >
                  {claims.data?.counts[tab] ?? 0}
                </Badge>
              }
            >
              {TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === status && (
              <Paper withBorder radius="md" p="md">
                <Stack gap="md">
                  <ClaimsTable claims={rows} state={state} onView={(claim) => setViewing(claim.id)} />
                  <ShowingPagination
                    page={page}
                    limit={LIMIT}
                    total={shown.length}
                    noun="claim requests"
                    onPage={(n) => update({ page: n })}
                  />
                </Stack>
              </Paper>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>

      {viewing !== null && (
        <ClaimDetailsDialog key={viewing} claimId={viewing} onClose={() => setViewing(null)} />
      )}
    </Stack>
  );
}

import type { AdminVenueListItem } from '@linksmate/proto';
import { ADMIN_VENUE_MESSAGES, isSiteAdminRole, PAGE_SIZES } from '@linksmate/proto/rules';
import { Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadStates';
import { PageHeader, RefreshButton } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session-context';
import { useDeleteVenue } from '../api/delete-venue';
import { useAdminVenues } from '../api/get-admin-venues';
import { useReviewVenue } from '../api/review-venue';
import { FilterPanel } from '../components/FilterPanel';
import { applyFilters, FILTER_KEYS, type FilterKey, isFiltered, readFilters } from '../components/filters';
import { VenuePagination } from '../components/VenuePagination';
import { type VenueAction, VenuesTable } from '../components/VenuesTable';
import { VenueWizardModal } from '../components/VenueWizardModal';
import { venuesNoun } from '../components/venue-text';

const PAGE_SIZE = PAGE_SIZES.adminVenueTable;
const MESSAGES = {
  loadFailed: 'Failed to load venues. Please try again later.',
  loading: 'Loading venues...',
  none: 'No venues found',
  deleted: 'Venue deleted successfully',
  deleteFailed: 'Failed to delete venue',
  approved: 'Venue approved: it is now listed',
  rejected: 'Venue rejected',
  reviewFailed: 'Failed to review venue',
} as const;

/** The venue stays while the modal closes, so its content does not change on the way out. */
type Wizard = { opened: boolean; venueId: number | null };

/**
 * Spec 3 "Venues management" (/admin/venues): every venue the admin may see, filtered and paged in
 * the browser; filters and page live in the address. Site admins add, edit, delete and review.
 */
export function VenuesAdminPage() {
  const { role } = useSession();
  const canManage = isSiteAdminRole(role);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  /** Any change but the page's own starts again at page 1 (spec 3 "Venues management"). */
  const update = (changes: Partial<Record<FilterKey | 'page', string | number | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const [searchText, setSearchText] = useState(filters.search);
  const [typed] = useDebouncedValue(searchText.trim(), 200);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only settled typing moves the list
  useEffect(() => {
    if (typed !== filters.search) update({ search: typed });
  }, [typed]);

  const venues = useAdminVenues();
  const all = useMemo(() => venues.data?.venues ?? [], [venues.data]);
  const shown = useMemo(() => applyFilters(all, filters), [all, filters]);
  const totalPages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const [wizard, setWizard] = useState<Wizard>({ opened: false, venueId: null });
  const [deleting, setDeleting] = useState<AdminVenueListItem | null>(null);
  const remove = useDeleteVenue();
  const review = useReviewVenue();
  const [reviewing, setReviewing] = useState<{
    venue: AdminVenueListItem;
    decision: 'approved' | 'rejected';
  } | null>(null);

  const onAction = (venue: AdminVenueListItem, action: VenueAction) => {
    if (action === 'edit') setWizard({ opened: true, venueId: venue.id });
    else if (action === 'delete') setDeleting(venue);
    // A review is decided once: it asks first.
    else setReviewing({ venue, decision: action === 'approve' ? 'approved' : 'rejected' });
  };

  const confirmReview = () =>
    reviewing &&
    review.mutate(
      { venueId: reviewing.venue.id, decision: reviewing.decision },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: reviewing.decision === 'approved' ? MESSAGES.approved : MESSAGES.rejected,
          });
          setReviewing(null);
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: MESSAGES.reviewFailed, message: error.message }),
      },
    );

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MESSAGES.deleted });
        setDeleting(null);
      },
      onError: () => notifications.show({ color: 'red', message: MESSAGES.deleteFailed }),
    });

  const filtered = isFiltered(filters);
  const count = venues.data
    ? filtered
      ? `Showing ${shown.length} of ${all.length} ${venuesNoun(all.length)}`
      : `${all.length} ${venuesNoun(all.length)} total`
    : null;
  const state = venues.isPending ? MESSAGES.loading : rows.length === 0 ? MESSAGES.none : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Venues Management"
        subtitle={count ?? '\u00a0'}
        liveSubtitle
        actions={
          <>
            <RefreshButton query={venues} />
            {canManage && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setWizard({ opened: true, venueId: null })}
              >
                Add New Venue
              </Button>
            )}
          </>
        }
      />

      <FilterPanel
        venues={all}
        filters={filters}
        searchText={searchText}
        onSearchText={setSearchText}
        onPick={(key, value) => update({ [key]: value })}
        onClear={() => {
          setSearchText('');
          update(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])));
        }}
      />

      {venues.isError ? (
        <LoadFailure
          title={MESSAGES.loadFailed}
          onRetry={() => void venues.refetch()}
          retrying={venues.isFetching}
        />
      ) : (
        <>
          <Paper withBorder radius="md">
            <VenuesTable
              venues={rows}
              state={state}
              canManage={canManage}
              busyId={review.isPending ? (review.variables?.venueId ?? null) : null}
              onAction={onAction}
            />
          </Paper>
          <VenuePagination
            page={current}
            totalPages={totalPages}
            from={(current - 1) * PAGE_SIZE + 1}
            to={(current - 1) * PAGE_SIZE + rows.length}
            total={shown.length}
            onPage={(n) => update({ page: n })}
          />
        </>
      )}

      <VenueWizardModal
        opened={wizard.opened}
        venueId={wizard.venueId}
        withCommercials={canManage}
        onClose={() => setWizard((current) => ({ ...current, opened: false }))}
      />
      <ConfirmDialog
        opened={reviewing !== null}
        title={reviewing?.decision === 'rejected' ? 'Reject Venue' : 'Approve Venue'}
        message={
          reviewing?.decision === 'rejected'
            ? `Reject ${reviewing.venue.name}? It stays unlisted: off the public venue pages.`
            : `Approve ${reviewing?.venue.name ?? 'this venue'}? It is listed at once for everyone to find.`
        }
        confirmLabel={reviewing?.decision === 'rejected' ? 'Reject venue' : 'Approve venue'}
        cancelLabel="Cancel"
        danger={reviewing?.decision === 'rejected'}
        busy={review.isPending}
        onConfirm={confirmReview}
        onCancel={() => setReviewing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Venue"
        message={ADMIN_VENUE_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

import type { Coach } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ShowingPagination } from '../../../components/ShowingPagination';
import { useAdminCoaches } from '../../../entities/coach/api/get-admin-coaches';
import { useAddressQuery, useLastPageWhenPast } from '../../../lib/address-query';
import { useDeleteCoach } from '../api/delete-coach';
import { AddCoachDialog } from '../components/AddCoachDialog';
import { CoachesTable, coachName } from '../components/CoachesTable';
import { EditCoachWizard } from '../components/EditCoachWizard';

const LOAD_FAILED = 'Failed to load coaches. Please try again later.';
const LIMIT = PAGE_SIZES.adminCoaches;

/** docs/product.md#admin-sections "Coaches management" (/admin/coaches): the server pages the table, 10 a page. */
export function CoachesPage() {
  const { params, update } = useAddressQuery({ page: 1 });
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const coaches = useAdminCoaches({ limit: LIMIT, offset: (page - 1) * LIMIT });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Coach | null>(null);
  const [deleting, setDeleting] = useState<Coach | null>(null);
  const remove = useDeleteCoach();

  const total = coaches.data?.count ?? 0;
  // The last coach of the last page deleted moves the list back a page too.
  useLastPageWhenPast(coaches, total, LIMIT, page, (last) => update({ page: last }, true));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (reply) => {
        notifications.show({ color: 'green', message: reply.message || 'Coach deleted successfully' });
        setDeleting(null);
      },
      onError: () => {
        notifications.show({ color: 'red', message: 'Failed to delete coach' });
        setDeleting(null);
      },
    });
  };

  // A failed load shows its sentence above an empty list (docs/product.md#admin-errors).
  const rows = coaches.isError ? [] : (coaches.data?.coaches ?? []);
  const state = coaches.isPending
    ? 'Loading coaches...'
    : coaches.isError
      ? 'No coaches to show'
      : rows.length === 0
        ? 'No coaches found'
        : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Coaches Management"
        subtitle={coaches.data ? `${total} coach${total === 1 ? '' : 'es'} total` : '\u00a0'}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add New Coach
          </Button>
        }
      />

      {coaches.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{LOAD_FAILED}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => coaches.refetch()}
              loading={coaches.isFetching}
            >
              Try Again
            </Button>
          </Group>
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <CoachesTable
            coaches={rows}
            state={state}
            stale={coaches.isPlaceholderData}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
          {!coaches.isError && (
            <ShowingPagination
              page={page}
              limit={LIMIT}
              total={total}
              noun="coaches"
              onPage={(n) => update({ page: n })}
            />
          )}
        </Stack>
      </Paper>

      <AddCoachDialog opened={adding} onClose={() => setAdding(false)} />
      {editing && <EditCoachWizard key={editing.id} coach={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete coach"
        message={
          deleting
            ? `Are you sure you want to delete ${coachName(deleting)}? This cannot be undone.`
            : 'Are you sure you want to delete this coach?'
        }
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

import type { AdminUser } from '@linksmate/proto';
import {
  ADMIN_MESSAGES,
  ADMIN_USER_SORTS,
  type AdminUserSort,
  PAGE_SIZES,
  type Role,
} from '@linksmate/proto/rules';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader, RefreshButton } from '../../../components/PageHeader';
import { ShowingPagination } from '../../../components/ShowingPagination';
import { useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session-context';
import { useBanUser } from '../api/ban-user';
import { useBulkBan } from '../api/bulk-ban';
import { useBulkGrant } from '../api/bulk-grant';
import { useChangeRole } from '../api/change-role';
import { useDeleteUser } from '../api/delete-user';
import { useExportUsers } from '../api/export-users';
import { useUsers } from '../api/get-users';
import { useGrantMembership } from '../api/grant-membership';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useSendUserEmail } from '../api/send-user-email';
import { useUnbanUser } from '../api/unban-user';
import { BanUserDialog } from '../components/BanUserDialog';
import { BulkBar } from '../components/BulkBar';
import { BulkGrantDialog } from '../components/BulkGrantDialog';
import { GrantMembershipDialog } from '../components/GrantMembershipDialog';
import { notifyDone, notifyFailure } from '../components/notify';
import { RoleChangeDialog } from '../components/RoleChangeDialog';
import { SendEmailDialog } from '../components/SendEmailDialog';
import { fullName, type UserAction, UsersTable } from '../components/UsersTable';

type Dialog =
  | { kind: UserAction; user: AdminUser }
  | { kind: 'bulk-ban' | 'bulk-grant' }
  | { kind: 'role'; user: AdminUser; role: Role };

const ROLE_FILTERS = [
  { value: '', label: 'All Roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'user', label: 'User' },
];

const isSort = (value: string | null): value is AdminUserSort =>
  (ADMIN_USER_SORTS as readonly string[]).includes(value ?? '');

/** docs/product.md#admin-sections "User Management" (/admin/users). The list's state lives in the address. */
export function UsersPage() {
  const { claims } = useSession();
  const [params, update] = useListParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const role = params.get('role') ?? '';
  const sortBy = isSort(params.get('sort_by')) ? (params.get('sort_by') as AdminUserSort) : 'created_at';
  const sortOrder = params.get('sort_order') === 'asc' ? 'asc' : 'desc';
  const [searchText, setSearchText] = useState(search);
  const [typed] = useDebouncedValue(searchText.trim(), 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search term moves the list
  useEffect(() => {
    if (typed !== search) update({ search: typed });
  }, [typed]);

  const users = useUsers({
    page,
    limit: PAGE_SIZES.adminUsers,
    search: search || undefined,
    role: (role || undefined) as never,
    sort_by: sortBy,
    sort_order: sortOrder,
  });
  const rows = users.data?.users ?? [];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // A new list is new people: what was selected in the old one is no longer on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list itself is the trigger
  useEffect(() => setSelected(new Set()), [users.data]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const ban = useBanUser();
  const unban = useUnbanUser();
  const grant = useGrantMembership();
  const email = useSendUserEmail();
  const reset = useSendPasswordReset();
  const remove = useDeleteUser();
  const changeRole = useChangeRole();
  const bulkBan = useBulkBan();
  const bulkGrant = useBulkGrant();
  const exportCsv = useExportUsers();

  const done = (then?: () => void) => ({
    onSuccess: (reply: { message: string }) => {
      notifyDone(reply.message);
      close();
      then?.();
    },
    onError: notifyFailure,
  });
  const bulkDone = {
    onSuccess: (reply: {
      message: string;
      failed: number;
      results: Array<{ ok: boolean; error?: string }>;
    }) => {
      const reasons = [...new Set(reply.results.filter((r) => !r.ok).map((r) => r.error))].join('; ');
      if (reply.failed) notifyFailure(new Error(`${reply.message} ${reasons}`));
      else notifyDone(reply.message);
      setSelected(new Set());
      close();
    },
    onError: notifyFailure,
  };

  // Every action asks first: a sent e-mail or a lifted ban cannot be called back.
  const onAction = (user: AdminUser, action: UserAction) => setDialog({ kind: action, user });
  const onSort = (field: AdminUserSort) =>
    update({ sort_by: field, sort_order: field === sortBy && sortOrder === 'desc' ? 'asc' : 'desc' });

  const total = users.data?.pagination.total_count ?? 0;
  // docs/product.md#admin-sections: Total Users is the server's total; Active and Banned count the page shown.
  const counters: Array<[string, number | undefined]> = users.data
    ? [
        ['Total Users', total],
        ['Active Users', rows.filter((u) => !u.banned).length],
        ['Banned Users', rows.filter((u) => u.banned).length],
      ]
    : [
        ['Total Users', undefined],
        ['Active Users', undefined],
        ['Banned Users', undefined],
      ];
  const state = users.isPending
    ? ADMIN_MESSAGES.usersLoading
    : users.isError
      ? `Error: ${users.error.message}`
      : rows.length === 0
        ? ADMIN_MESSAGES.noUsers
        : null;
  const one = dialog && 'user' in dialog ? dialog.user : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="User Management"
        subtitle="Find people, change their role or membership, and keep the platform safe."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exportCsv.isPending}
              onClick={() =>
                exportCsv.mutate(
                  {
                    search: search || undefined,
                    role: (role || undefined) as never,
                    sort_by: sortBy,
                    sort_order: sortOrder,
                  },
                  { onError: notifyFailure },
                )
              }
            >
              Export CSV
            </Button>
            <RefreshButton query={users} />
          </>
        }
      />

      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        {counters.map(([label, value]) => (
          <Paper key={label} withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
            <Text size="sm" c="dimmed" lh={1.3}>
              {label}
            </Text>
            {/* Not 0 before the list has come: nobody has been counted yet. */}
            <Text fw={800} size="xl" aria-busy={value === undefined}>
              {value === undefined ? '—' : value.toLocaleString('en-AU')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Group gap="sm" wrap="wrap">
        <TextInput
          size="sm"
          flex={1}
          miw={240}
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={ADMIN_MESSAGES.searchUsersPlaceholder}
          aria-label="Search users"
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
        />
        <Select
          w={180}
          aria-label="Role"
          data={ROLE_FILTERS}
          value={role}
          onChange={(value) => update({ role: value ?? '' })}
          allowDeselect={false}
        />
      </Group>

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          onBan={() => setDialog({ kind: 'bulk-ban' })}
          onGrant={() => setDialog({ kind: 'bulk-grant' })}
          onClear={() => setSelected(new Set())}
        />
      )}

      <Paper withBorder radius="md">
        <UsersTable
          users={rows}
          state={state}
          selected={selected}
          actor={claims ? { user_id: claims.user_id, role: claims.role } : null}
          sortBy={sortBy}
          sortOrder={sortOrder}
          roleBusyId={changeRole.isPending ? (changeRole.variables?.userId ?? null) : null}
          onSort={onSort}
          onToggle={(id) =>
            setSelected((current) => {
              const next = new Set(current);
              if (!next.delete(id)) next.add(id);
              return next;
            })
          }
          onToggleAll={(all) => setSelected(all ? new Set(rows.map((u) => u.id)) : new Set())}
          onRole={(user, role) => setDialog({ kind: 'role', user, role })}
          onAction={onAction}
        />
      </Paper>
      {users.data && (
        <ShowingPagination
          noun="users"
          hideSinglePage
          page={page}
          limit={PAGE_SIZES.adminUsers}
          total={total}
          onPage={(n) => update({ page: n })}
        />
      )}

      <BanUserDialog
        opened={dialog?.kind === 'ban' || dialog?.kind === 'bulk-ban'}
        who={one ? fullName(one) : `${selected.size} selected ${selected.size === 1 ? 'user' : 'users'}`}
        busy={ban.isPending || bulkBan.isPending}
        onConfirm={(reason) =>
          one
            ? ban.mutateAsync({ userId: one.id, reason }, done())
            : bulkBan.mutateAsync({ user_ids: [...selected], reason }, bulkDone)
        }
        onClose={close}
      />
      <GrantMembershipDialog
        opened={dialog?.kind === 'grant'}
        who={one ? fullName(one) : ''}
        busy={grant.isPending}
        onGrant={(body) => one && grant.mutate({ userId: one.id, grant: body }, done())}
        onClose={close}
      />
      <BulkGrantDialog
        opened={dialog?.kind === 'bulk-grant'}
        count={selected.size}
        busy={bulkGrant.isPending}
        onGrant={(body) => bulkGrant.mutateAsync({ user_ids: [...selected], ...body }, bulkDone)}
        onClose={close}
      />
      <SendEmailDialog
        opened={dialog?.kind === 'email'}
        to={one ? `${fullName(one)} <${one.email}>` : ''}
        busy={email.isPending}
        onSend={(mail) => one && email.mutate({ userId: one.id, mail }, done())}
        onClose={close}
      />
      <RoleChangeDialog
        change={
          dialog?.kind === 'role'
            ? { who: fullName(dialog.user), from: dialog.user.account_role, to: dialog.role }
            : null
        }
        busy={changeRole.isPending}
        onConfirm={() =>
          dialog?.kind === 'role' && changeRole.mutate({ userId: dialog.user.id, role: dialog.role }, done())
        }
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'unban'}
        title="Unban User"
        message={`Unban ${one ? fullName(one) : 'this user'}? They can log in and use LinksMate again at once.`}
        confirmLabel="Unban"
        cancelLabel="Cancel"
        busy={unban.isPending}
        onConfirm={() => one && unban.mutate(one.id, done())}
        onCancel={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'reset'}
        title="Password Reset"
        message={`Send ${one ? `${fullName(one)} (${one.email})` : 'this user'} an e-mail with a link to choose a new password? The e-mail goes out at once.`}
        confirmLabel="Send reset e-mail"
        cancelLabel="Cancel"
        busy={reset.isPending}
        onConfirm={() => one && reset.mutate(one.id, done())}
        onCancel={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete User"
        message={`Delete ${one ? fullName(one) : 'this user'}? Their account and profile are removed for good. This is permanent and cannot be undone.`}
        confirmLabel="Delete User"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onConfirm={() => one && remove.mutate(one.id, done())}
        onCancel={close}
      />
    </Stack>
  );
}

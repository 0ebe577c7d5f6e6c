import type { AdminUser } from '@linksmate/proto';
import { type AdminUserSort, ROLE_NAMES, type Role, roleMenuOptions } from '@linksmate/proto/rules';
import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconBan,
  IconCircleCheck,
  IconCrown,
  IconDots,
  IconKey,
  IconMail,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatLongDate, relativeTime } from '../../../lib/dates';
import { capitalise } from '../../../lib/text';

export type UserAction = 'ban' | 'unban' | 'grant' | 'email' | 'reset' | 'delete';

const BADGE_COLOURS = { lifetime: 'grape', premium: 'green', basic: 'blue', free: 'gray' } as const;

export const fullName = (user: AdminUser) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;

function SortHeader({
  field,
  label,
  sortBy,
  sortOrder,
  onSort,
}: {
  field: AdminUserSort;
  label: string;
  sortBy: AdminUserSort;
  sortOrder: 'asc' | 'desc';
  onSort(field: AdminUserSort): void;
}) {
  const active = sortBy === field;
  const Icon = !active ? IconArrowsSort : sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** docs/product.md#admin-sections "User Management" table: selection, people, role, membership, joined, status, actions. */
export function UsersTable({
  users,
  state,
  selected,
  actor,
  sortBy,
  sortOrder,
  roleBusyId,
  onSort,
  onToggle,
  onToggleAll,
  onRole,
  onAction,
}: {
  users: AdminUser[];
  /** What stands in for rows: loading, a failure, or nothing found. */
  state: ReactNode | null;
  selected: Set<number>;
  /** Who is looking: their own row is marked, and the role menu offers only what they may change. */
  actor: { user_id: number; role: string } | null;
  sortBy: AdminUserSort;
  sortOrder: 'asc' | 'desc';
  roleBusyId: number | null;
  onSort(field: AdminUserSort): void;
  onToggle(id: number): void;
  onToggleAll(all: boolean): void;
  /** A role picked in the menu: the page confirms before anything changes. */
  onRole(user: AdminUser, role: Role): void;
  onAction(user: AdminUser, action: UserAction): void;
}) {
  const allSelected = users.length > 0 && users.every((u) => selected.has(u.id));
  const someSelected = users.some((u) => selected.has(u.id));
  return (
    <ListTable
      minWidth={900}
      columns={7}
      state={state}
      head={
        <>
          <Table.Th w={40}>
            <Checkbox
              aria-label={allSelected ? 'Select none' : 'Select all'}
              checked={allSelected}
              indeterminate={someSelected && !allSelected}
              onChange={() => onToggleAll(!allSelected)}
              disabled={!users.length}
            />
          </Table.Th>
          <SortHeader field="email" label="User" sortBy={sortBy} sortOrder={sortOrder} onSort={onSort} />
          <SortHeader field="role" label="Role" sortBy={sortBy} sortOrder={sortOrder} onSort={onSort} />
          <Table.Th>Membership</Table.Th>
          <SortHeader
            field="created_at"
            label="Joined"
            sortBy={sortBy}
            sortOrder={sortOrder}
            onSort={onSort}
          />
          <Table.Th>Status</Table.Th>
          <Table.Th w={60}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {users.map((user) => {
        const own = user.id === actor?.user_id;
        // The real role and only the changes the rule of role changes lets this actor make.
        const roles = actor ? roleMenuOptions(actor, { user_id: user.id, role: user.account_role }) : [];
        const options = (roles.length ? roles : [user.account_role]).map((role) => ({
          value: role,
          label: ROLE_NAMES[role],
        }));
        return (
          <Table.Tr key={user.id} bg={selected.has(user.id) ? 'var(--mantine-color-green-0)' : undefined}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${fullName(user)}`}
                checked={selected.has(user.id)}
                onChange={() => onToggle(user.id)}
              />
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {fullName(user)}
                  {own && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (you)
                    </Text>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
                <Text size="xs" c="dimmed">
                  @{user.username}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Select
                size="xs"
                w={220}
                aria-label={`Role of ${fullName(user)}`}
                data={options}
                value={user.account_role}
                onChange={(value) => value && value !== user.account_role && onRole(user, value as Role)}
                allowDeselect={false}
                disabled={options.length < 2 || roleBusyId === user.id}
              />
            </Table.Td>
            <Table.Td>
              <StatusBadge color={BADGE_COLOURS[user.membership_type]}>
                {capitalise(user.membership_type)}
              </StatusBadge>
            </Table.Td>
            <Table.Td>
              {user.created_at ? (
                <Tooltip label={formatLongDate(user.created_at)}>
                  <Text size="sm">{relativeTime(user.created_at)}</Text>
                </Tooltip>
              ) : (
                <Text size="sm">N/A</Text>
              )}
            </Table.Td>
            <Table.Td>
              {user.banned ? (
                <Tooltip label={user.ban_reason ?? 'No reason given'}>
                  <Badge color="red.8" variant="filled">
                    Banned
                  </Badge>
                </Tooltip>
              ) : (
                <Badge color="green" variant="dot">
                  Active
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${fullName(user)}`}>
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {user.banned ? (
                    <Menu.Item
                      leftSection={<IconCircleCheck size={16} />}
                      onClick={() => onAction(user, 'unban')}
                    >
                      Unban User
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconBan size={16} />}
                      onClick={() => onAction(user, 'ban')}
                      disabled={own}
                    >
                      Ban User
                    </Menu.Item>
                  )}
                  <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => onAction(user, 'grant')}>
                    Grant Membership
                  </Menu.Item>
                  <Menu.Item leftSection={<IconMail size={16} />} onClick={() => onAction(user, 'email')}>
                    Send Email
                  </Menu.Item>
                  <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction(user, 'reset')}>
                    Password Reset
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => onAction(user, 'delete')}
                    disabled={own}
                  >
                    Delete User
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

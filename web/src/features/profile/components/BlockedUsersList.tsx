import { BLOCK_MESSAGES } from '@linksmate/proto/rules';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { initialsOf } from '../../../lib/text';
import type { ProfileUser } from '../api/get-profile';
import { useUnblockUser } from '../api/unblock-user';

type BlockedUser = NonNullable<ProfileUser['blocked_users']>[number];

/** How long 'User unblocked successfully!' stays (docs/product.md#account-states, #account-limits). */
const UNBLOCKED_MESSAGE_MS = 3000;

/** docs/product.md#account-errors's messages for a failed unblock. */
function unblockFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Network error: Failed to unblock user';
  if (error.status === 401) return 'Authentication failed. Please log in again.';
  return 'Failed to unblock user';
}

/** docs/product.md#account-screens: the people one has blocked, each with a way to unblock them. */
export function BlockedUsersList({ users }: { users: BlockedUser[] }) {
  const unblock = useUnblockUser();
  const [unblocked, setUnblocked] = useState(false);

  useEffect(() => {
    if (!unblocked) return;
    const timer = setTimeout(() => setUnblocked(false), UNBLOCKED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [unblocked]);

  const unblockUser = (user: BlockedUser) =>
    unblock.mutate(user.id, {
      onSuccess: () => setUnblocked(true),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: unblockFailure(error) }),
    });

  return (
    <Stack gap="sm">
      <div role="status">
        {unblocked && (
          <Alert color="fairway" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} p="xs">
            {BLOCK_MESSAGES.unblocked}
          </Alert>
        )}
      </div>
      {users.length === 0 ? (
        <Text size="sm" c="dimmed">
          You haven't blocked anyone.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blocked users">
          {users.map((user) => (
            <Group
              key={user.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="blocked-user"
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar src={user.profile_image_url} radius="xl" color="fairway" alt="">
                  {initialsOf(user.displayName)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {user.displayName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    @{user.username}
                  </Text>
                </div>
              </Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => unblockUser(user)}
                loading={unblock.isPending && unblock.variables === user.id}
                aria-label={`Unblock ${user.displayName}`}
              >
                Unblock
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { Alert, Avatar, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { initialsOf } from '../../../lib/text';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useJoinRequests } from '../api/get-join-requests';
import { useRejectJoinRequest } from '../api/reject-join-request';
import { decisionFailure, requesterGolf, requesterName } from '../join-request-text';

/** Spec 2 "My Created Games": a game's join requests, each approved or rejected by its creator. */
export function JoinRequestList({ gameId, gameTitle }: { gameId: number; gameTitle: string }) {
  const requests = useJoinRequests(gameId);
  const approve = useApproveJoinRequest();
  const reject = useRejectJoinRequest();
  const busyId = approve.isPending
    ? approve.variables?.requestId
    : reject.isPending
      ? reject.variables?.requestId
      : undefined;

  if (requests.isPending)
    return (
      <Stack gap={6}>
        <Skeleton height={52} radius="sm" />
      </Stack>
    );
  if (requests.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        Failed to fetch join requests
      </Alert>
    );
  const list = requests.data.join_requests;
  if (list.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No join requests waiting.
      </Text>
    );

  return (
    <Stack gap="xs">
      {approve.isError && (
        <Alert color="red" variant="light" role="alert">
          {decisionFailure('approve', approve.error)}
        </Alert>
      )}
      {reject.isError && (
        <Alert color="red" variant="light" role="alert">
          {decisionFailure('reject', reject.error)}
        </Alert>
      )}
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Join requests for ${gameTitle}`}
      >
        {list.map((request) => {
          const name = requesterName(request);
          const golf = requesterGolf(request);
          const ref = { gameId, requestId: request.id };
          return (
            <li key={request.id} data-testid="join-request">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={request.user_profile_image} alt={name} color="fairway" radius="xl">
                    {initialsOf(name)}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} component={Link} to={paths.userProfile.href(request.user_id)}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[golf, `Asked ${formatDateTime(request.requested_at)}`].filter(Boolean).join(' · ')}
                    </Text>
                    {request.notes && (
                      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                        “{request.notes}”
                      </Text>
                    )}
                  </div>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    loading={approve.isPending && busyId === request.id}
                    disabled={busyId !== undefined && busyId !== request.id}
                    onClick={() => {
                      reject.reset();
                      approve.mutate(ref);
                    }}
                    aria-label={`Approve ${name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconX size={14} aria-hidden />}
                    loading={reject.isPending && busyId === request.id}
                    disabled={busyId !== undefined && busyId !== request.id}
                    onClick={() =>
                      // A rejection is final and the requester hears of it: one stray click must not do it.
                      modals.openConfirmModal({
                        title: `Reject ${name}'s request?`,
                        children: (
                          <Text size="sm">
                            {name} will not get a place in {gameTitle} and is told that the request was
                            rejected. This cannot be undone.
                          </Text>
                        ),
                        labels: { confirm: 'Reject request', cancel: 'Keep request' },
                        confirmProps: { color: 'red' },
                        onConfirm: () => {
                          approve.reset();
                          reject.mutate(ref);
                        },
                      })
                    }
                    aria-label={`Reject ${name}`}
                  >
                    Reject
                  </Button>
                </Group>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

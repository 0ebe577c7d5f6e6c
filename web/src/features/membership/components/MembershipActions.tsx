import type { MembershipResponse } from '@linksmate/proto';
import { isRunningSubscription } from '@linksmate/proto/rules';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router-dom';
import { formatLongDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useCancelMembership } from '../api/cancel-membership';

/** The membership as the profile carries it (identity's copy of what payments published). */
export type HeldMembership = NonNullable<MembershipResponse>;

/**
 * What the person can do about their membership, under its details on the profile: become a member
 * or renew, see that a cancelled one is ending, or cancel a running subscription (with a confirmation).
 */
export function MembershipActions({ membership }: { membership: HeldMembership | null }) {
  const cancel = useCancelMembership();
  const running = isRunningSubscription(membership?.status);
  if (!membership || !running) {
    return (
      <Button component={Link} to={paths.membership.href()} size="xs" variant="light" mt="sm">
        {membership ? 'Renew membership' : 'Become a member'}
      </Button>
    );
  }
  if (membership.cancel_at_period_end) {
    return (
      <Text size="sm" c="dimmed" mt="sm">
        Your membership is cancelled and ends on{' '}
        {formatLongDate(membership.ends_at ?? membership.current_period_ends_at)}.
      </Text>
    );
  }
  if (!membership.provider_subscription_id) return null;
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel your membership?',
      children: (
        <Text size="sm">
          Your membership stays active until {formatLongDate(membership.current_period_ends_at)} and is not
          renewed after that.
        </Text>
      ),
      labels: { confirm: 'Cancel membership', cancel: 'Keep membership' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: (reply) =>
            notifications.show({
              color: 'fairway',
              title: 'Membership cancelled',
              message: `Your membership ends on ${formatLongDate(reply.membership?.ends_at)}.`,
            }),
          onError: (error) => notifications.show({ color: 'red', title: 'Error', message: error.message }),
        }),
    });
  return (
    <Button size="xs" variant="subtle" color="red" mt="sm" onClick={confirmCancel} loading={cancel.isPending}>
      Cancel membership
    </Button>
  );
}

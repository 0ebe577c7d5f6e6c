import type { Event } from '@linksmate/proto';
import { EVENT_MESSAGES, passesMembershipCheck, requiresMembership } from '@linksmate/proto/rules';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconClock,
  IconHourglass,
  IconInfoCircle,
  IconMessages,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/FormError';
import { membershipRequired } from '../../../lib/api-client';
import type { LoginState } from '../../../lib/login-state';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { useWaitlist } from '../api/waitlist';
import { formatSoon, isFull, isPast } from '../event-text';
import { JoinDialog } from './JoinDialog';
import { failureText } from './join-errors';
import { SlotCheckout } from './SlotCheckout';

function Standing({ color, icon, children }: { color: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Alert color={color} variant="light" icon={icon} data-testid="join-standing">
      <Text size="sm" fw={600} c="dark.8">
        {children}
      </Text>
    </Alert>
  );
}

/**
 * Spec 2 "Event detail" join rules: anonymous visitors are sent to log in; a person with a booking
 * sees where it stands; a full event offers its waitlist; a free event takes a join request with
 * notes, a paid one the slot checkout. Waitlist offers (beyond the spec) are accepted by paying.
 */
export function JoinPanel({ event }: { event: Event }) {
  const { isLoggedIn, claims } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const waitlist = useWaitlist(event.id);
  const [dialog, setDialog] = useState<'join' | 'slots' | 'offer' | null>(null);

  // docs/product.md#account-limits: 'Please log in to join this event', then /login, remembering where the person was.
  const logIn = () => {
    const state: LoginState = {
      message: 'Please log in to join this event',
      tone: 'info',
      from: `${location.pathname}${location.search}`,
    };
    navigate(paths.login.href(), { state });
  };
  // docs/product.md#membership-gate: a member without a valid membership is sent to /membership
  // before filling in a dialog, not after sending it (the server refuses the join all the same).
  const lacksMembership = requiresMembership(claims?.role) && !passesMembershipCheck(claims ?? {});
  const guarded = (action: () => void) => () => {
    if (!isLoggedIn) logIn();
    else if (lacksMembership) membershipRequired();
    else action();
  };

  const status = event.user_booking_status;
  const waitlistError = waitlist.join.error ?? waitlist.leave.error;
  let content: ReactNode;

  if (status === 'confirmed' || event.user_has_confirmed_booking)
    content = (
      <Standing color="green" icon={<IconCheck size={18} aria-hidden />}>
        {EVENT_MESSAGES.alreadyJoined}
      </Standing>
    );
  else if (status === 'pending')
    content = (
      <Standing color="yellow" icon={<IconClock size={18} aria-hidden />}>
        {EVENT_MESSAGES.requestPending}
      </Standing>
    );
  else if (status === 'rejected')
    content = (
      <Standing color="red" icon={<IconX size={18} aria-hidden />}>
        {EVENT_MESSAGES.requestRejected}
      </Standing>
    );
  else if (event.status === 'cancelled') content = <Text>{EVENT_MESSAGES.eventCancelled}</Text>;
  else if (isPast(event)) content = <Text>{EVENT_MESSAGES.eventPast}</Text>;
  else if (event.event_type === 'member_game' && claims && claims.user_id === event.creator_user_id)
    content = <Text>{EVENT_MESSAGES.ownGame}</Text>;
  else if (event.user_waitlist_status === 'offered' && event.has_paid_slots)
    content = (
      <Stack gap="sm">
        <Standing color="blue" icon={<IconHourglass size={18} aria-hidden />}>
          A seat is held for you until{' '}
          {event.user_offer_expires_at ? formatSoon(event.user_offer_expires_at) : 'soon'}
        </Standing>
        <Button onClick={guarded(() => setDialog('offer'))} fullWidth>
          Accept and pay
        </Button>
        <Button
          variant="subtle"
          color="dark"
          onClick={() => waitlist.leave.mutate()}
          loading={waitlist.leave.isPending}
          fullWidth
        >
          Leave waitlist
        </Button>
      </Stack>
    );
  else if (event.user_waitlist_status === 'waiting')
    content = (
      <Stack gap="sm">
        {isFull(event) && <Text fw={600}>{EVENT_MESSAGES.eventFull}</Text>}
        <Standing color="blue" icon={<IconHourglass size={18} aria-hidden />}>
          You are #{event.user_waitlist_position ?? 1} on the waitlist
        </Standing>
        <Button
          variant="default"
          onClick={() => waitlist.leave.mutate()}
          loading={waitlist.leave.isPending}
          fullWidth
        >
          Leave waitlist
        </Button>
      </Stack>
    );
  else if (isFull(event))
    content = (
      <Stack gap="sm">
        <Text fw={600} data-testid="join-standing">
          {EVENT_MESSAGES.eventFull}
        </Text>
        <Text size="sm" c="dimmed">
          Join the waitlist and you will be told as soon as a place opens up.
        </Text>
        <Button
          onClick={guarded(() =>
            waitlist.join.mutate(undefined, {
              onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
            }),
          )}
          loading={waitlist.join.isPending}
          fullWidth
        >
          Join waitlist
        </Button>
      </Stack>
    );
  else if (event.has_paid_slots)
    content = (
      <Button size="md" onClick={guarded(() => setDialog('slots'))} fullWidth>
        Book your slots
      </Button>
    );
  else
    content = (
      <Button size="md" onClick={guarded(() => setDialog('join'))} fullWidth>
        {event.event_type === 'member_game' ? 'Request to Join' : 'Join Event'}
      </Button>
    );

  // Those in the event talk in its group chat: its players and its organiser (messaging decides the rest).
  const inChat =
    isLoggedIn &&
    event.status !== 'cancelled' &&
    (status === 'confirmed' || event.user_has_confirmed_booking || claims?.user_id === event.creator_user_id);

  return (
    <Stack gap="sm">
      {content}
      {inChat && (
        <Button
          component={Link}
          to={paths.conversation.href('event', event.id)}
          variant="light"
          leftSection={<IconMessages size={16} aria-hidden />}
          fullWidth
        >
          Open group chat
        </Button>
      )}
      {!isLoggedIn && (
        <Text size="xs" c="dimmed">
          <IconInfoCircle size={12} aria-hidden style={{ verticalAlign: 'middle' }} /> Log in to join events
          and games.
        </Text>
      )}
      <FormError>{waitlistError ? failureText(waitlistError, 'An error occurred') : null}</FormError>
      {isLoggedIn && (
        <>
          <JoinDialog event={event} opened={dialog === 'join'} onClose={() => setDialog(null)} />
          <SlotCheckout event={event} opened={dialog === 'slots'} onClose={() => setDialog(null)} />
          <SlotCheckout event={event} opened={dialog === 'offer'} onClose={() => setDialog(null)} fromOffer />
        </>
      )}
    </Stack>
  );
}

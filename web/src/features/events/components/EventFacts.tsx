import type { Event } from '@linksmate/proto';
import { formatCents, handicapRangeMessage, skillGateMessage } from '@linksmate/proto/rules';
import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCash,
  IconClock,
  IconMapPin,
  IconSchool,
  IconTarget,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useTicketTypes } from '../api/get-ticket-types';
import {
  addressOf,
  coachOf,
  formatDateTime,
  organiserOf,
  PAYMENT_METHOD_LABELS,
  priceOf,
} from '../event-text';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={36} radius="md" style={{ flexShrink: 0 }}>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <div>{children}</div>
      </div>
    </Group>
  );
}

/** The rules a game sets on who may join (beyond the spec), as the server words its refusal. */
export function gatesOf(event: Event): string[] {
  const gates: string[] = [];
  if (event.min_handicap !== null || event.max_handicap !== null)
    gates.push(handicapRangeMessage(event.min_handicap, event.max_handicap));
  if (event.min_skill_level) gates.push(skillGateMessage(event.min_skill_level));
  return gates;
}

/** docs/product.md#community-entities Event: where, when, who organises and coaches, what it costs and how it is paid. */
export function EventFacts({ event }: { event: Event }) {
  const organiser = organiserOf(event);
  const coach = coachOf(event);
  const address = addressOf(event);
  const gates = gatesOf(event);
  // An event sold by slots shows what each slot costs, not only that it is paid.
  const slots = useTicketTypes(event.id, event.has_paid_slots);
  const slotPrices = (slots.data?.ticket_types ?? []).filter((type) => type.is_active);
  return (
    <Stack gap="md">
      <Fact icon={<IconMapPin size={20} aria-hidden />} label="Venue">
        <Anchor component={Link} to={paths.venue.href(event.venue_id)} fw={600}>
          {event.venue_name ?? 'View venue'}
        </Anchor>
        {address && <Text size="sm">{address}</Text>}
      </Fact>
      <Fact icon={<IconCalendarEvent size={20} aria-hidden />} label="Starts">
        <Text>{formatDateTime(event.start_time)}</Text>
      </Fact>
      {event.end_time && (
        <Fact icon={<IconClock size={20} aria-hidden />} label="Ends">
          <Text>{formatDateTime(event.end_time)}</Text>
        </Fact>
      )}
      <Fact icon={<IconCash size={20} aria-hidden />} label="Price">
        {/* An event sold by slots alone lists the slots' prices instead of 'Paid slots'. */}
        <Text hidden={event.price_per_participant === 0 && slotPrices.length > 0}>
          {priceOf(event)}
          {event.has_paid_slots && event.price_per_participant > 0 ? ' per person + GST' : ''}
          {!event.has_paid_slots && event.price_per_participant > 0 ? ' per person' : ''}
        </Text>
        {slotPrices.map((type) => (
          <Text size="sm" key={type.id}>
            {type.name}: {formatCents(type.price_per_ticket, type.currency || event.currency)} + GST
          </Text>
        ))}
        {event.payment_method && event.price_per_participant > 0 && (
          <Text size="sm">Payment: {PAYMENT_METHOD_LABELS[event.payment_method]}</Text>
        )}
        {event.payment_instructions && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {event.payment_instructions}
          </Text>
        )}
      </Fact>
      {organiser && (
        <Fact icon={<IconUser size={20} aria-hidden />} label="Organiser">
          {event.creator_user_id ? (
            <Anchor component={Link} to={paths.userProfile.href(event.creator_user_id)}>
              {organiser}
            </Anchor>
          ) : (
            <Text>{organiser}</Text>
          )}
        </Fact>
      )}
      {coach && (
        <Fact icon={<IconSchool size={20} aria-hidden />} label="Coach">
          {event.coach_profile_id ? (
            <Anchor component={Link} to={paths.coach.href(event.coach_profile_id)}>
              {coach}
            </Anchor>
          ) : (
            <Text>{coach}</Text>
          )}
        </Fact>
      )}
      {gates.length > 0 && (
        <Fact icon={<IconTarget size={20} aria-hidden />} label="Who can join">
          {gates.map((gate) => (
            <Text key={gate}>{gate}</Text>
          ))}
        </Fact>
      )}
    </Stack>
  );
}

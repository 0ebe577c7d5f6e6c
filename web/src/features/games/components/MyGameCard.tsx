import { formatCents } from '@linksmate/proto/rules';
import { Anchor, Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime, isPastEvent } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import type { MyGame } from '../api/get-my-games';
import { JoinRequestList } from './JoinRequestList';

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * Spec 2 "My Created Games": one game, its join requests, set back with 'Past Event' once over (a grey
 * card, not a faded one: faded text would fall below readable contrast).
 */
export function MyGameCard({ game }: { game: MyGame }) {
  const past = isPastEvent(game);
  const pending = game.pending_request_count;
  const headingId = `game-${game.id}-title`;
  return (
    <Card
      withBorder
      shadow="xs"
      component="article"
      aria-labelledby={headingId}
      data-testid="my-game"
      data-past={past || undefined}
      bg={past ? 'gray.0' : undefined}
      style={past ? { borderStyle: 'dashed' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={paths.event.href(game.id)} inherit>
            {game.title}
          </Anchor>
        </Title>
        <Group gap={6} wrap="nowrap">
          {past && (
            <Badge color="gray" c="#3d434a" variant="light" style={{ textTransform: 'none' }}>
              Past Event
            </Badge>
          )}
          {game.status === 'cancelled' && (
            <Badge color="red" c="#8a1c1c" variant="light" style={{ textTransform: 'none' }}>
              Cancelled
            </Badge>
          )}
          {pending > 0 && (
            <Badge
              color="orange"
              variant="filled"
              bg="#9a3412"
              c="white"
              style={{ textTransform: 'none' }}
              data-testid="pending-count"
            >
              {pending} pending {pending === 1 ? 'request' : 'requests'}
            </Badge>
          )}
        </Group>
      </Group>
      <Stack gap={4} mt="xs">
        <Fact icon={<IconCalendarEvent size={16} aria-hidden />}>{formatDateTime(game.start_time)}</Fact>
        {game.venue_name && (
          <Fact icon={<IconMapPin size={16} aria-hidden />}>
            {[game.venue_name, game.venue_city].filter(Boolean).join(', ')}
          </Fact>
        )}
        <Fact icon={<IconUsers size={16} aria-hidden />}>
          <span data-testid="participants">
            {game.current_participant_count} / {game.capacity} joined
          </span>
          {' · '}
          {game.price_per_participant > 0 ? formatCents(game.price_per_participant, game.currency) : 'Free'}
        </Fact>
      </Stack>
      {!past && (
        <>
          <Divider my="sm" />
          <Text size="sm" fw={600} mb="xs">
            Join requests
          </Text>
          {pending > 0 ? (
            <JoinRequestList gameId={game.id} gameTitle={game.title} />
          ) : (
            <Text size="sm" c="dimmed">
              No join requests waiting.
            </Text>
          )}
        </>
      )}
    </Card>
  );
}

import { displayName } from '@linksmate/proto/rules';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatHandicap, showsHandicap } from '../../../lib/golf';
import { capitalise, initialsOf } from '../../../lib/text';
import type { ProfileUser } from '../api/get-profile';

/** docs/product.md#account-screens: avatar or initials, name or username or 'Golfer', @username, skill, handicap above 0. */
export function ProfileHeaderCard({ user, actions }: { user: ProfileUser; actions?: ReactNode }) {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const name = full || user.username || displayName(user);
  return (
    <Card shadow="sm" padding="xl">
      <Group justify="space-between" align="center" wrap="wrap" gap="lg">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={user.profile_image_url} size={88} radius={44} color="fairway" alt={name}>
            {initialsOf(name)}
          </Avatar>
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {name}
            </Title>
            <Text c="dimmed">@{user.username}</Text>
            <Group gap="xs">
              {user.skill_level && (
                <Badge variant="light" color="fairway" c="fairway.9">
                  {capitalise(user.skill_level)}
                </Badge>
              )}
              {showsHandicap(user.manual_handicap) && (
                <Badge variant="light" color="sand" c="sand.9">
                  Handicap {formatHandicap(user.manual_handicap)}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {actions}
      </Group>
    </Card>
  );
}

import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatHandicap } from '../../../lib/golf';
import { capitalise } from '../../../lib/text';
import type { ProfileUser } from '../api/get-profile';

/** One labelled value of a profile, label left and value right. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
    >
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** A titled card of profile details. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card shadow="xs" h="100%">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The Golf Information card: the same on one's own profile and on another golfer's. */
export function GolfInformation({ user }: { user: ProfileUser }) {
  return (
    <Section title="Golf Information">
      <Field label="Handicap">{formatHandicap(user.manual_handicap)}</Field>
      <Field label="Skill level">{user.skill_level ? capitalise(user.skill_level) : 'Not set'}</Field>
      <Field label="Club memberships">{user.club_memberships_text || 'None listed'}</Field>
    </Section>
  );
}

import {
  isAdminRole,
  isCoachRole,
  isRunningSubscription,
  maskEmail,
  requiresMembership,
} from '@linksmate/proto/rules';
import { Anchor, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AvailabilityBadge } from '../../../components/AvailabilityBadge';
import { formatLongDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useLogout } from '../../../lib/session-context';
import { capitalise } from '../../../lib/text';
import type { ProfileMembership, ProfileResponse } from '../api/get-profile';
import { MembershipStatusBadge } from './MembershipStatusBadge';
import { Field, GolfInformation, Section } from './ProfileFields';

const membershipName = (m: ProfileMembership | null) => (m?.type ? capitalise(m.type) : 'Free');

/** A paid subscription that has not been cancelled goes on by itself. */
const renewsAutomatically = (m: ProfileMembership) =>
  !!m.provider_subscription_id && !m.cancel_at_period_end && !m.ends_at;

/**
 * docs/product.md#account-limits, #roles: coaches and admin-like roles have the platform without paying. Unless they hold a
 * running subscription of their own, that is the access they have, and nothing is offered to buy.
 */
function complimentaryRole(role: string, membership: ProfileMembership | null): string | null {
  if (requiresMembership(role) || isRunningSubscription(membership?.status)) return null;
  if (isCoachRole(role)) return 'coach';
  if (isAdminRole(role)) return 'administrator';
  return null;
}

function MembershipFields({
  membership,
  role,
  actions,
}: {
  membership: ProfileMembership | null;
  role: string;
  actions?: (membership: ProfileMembership | null) => ReactNode;
}) {
  const complimentary = complimentaryRole(role, membership);
  if (complimentary) {
    return (
      <>
        <Field label="Membership">Complimentary</Field>
        <Field label="Status">
          <Badge color="fairway.8" c="white" variant="filled" data-status="complimentary">
            active
          </Badge>
        </Field>
        <Text size="sm" c="dimmed" mt="sm">
          As a LinksMate {complimentary}, you have full access at no cost.
        </Text>
      </>
    );
  }
  return (
    <>
      <Field label="Membership">{membershipName(membership)}</Field>
      <Field label="Status">
        <MembershipStatusBadge status={membership?.status} />
      </Field>
      {membership?.trial_ends_at && (
        <Field label="Trial ends">{formatLongDate(membership.trial_ends_at)}</Field>
      )}
      {(membership?.ends_at || membership?.current_period_ends_at) && (
        <Field label="Membership ends">
          {formatLongDate(membership.ends_at ?? membership.current_period_ends_at)}
          {renewsAutomatically(membership) && (
            <Text span size="xs" c="dimmed" display="block">
              renews automatically
            </Text>
          )}
        </Field>
      )}
      {actions?.(membership)}
    </>
  );
}

/** docs/product.md#account-screens: About Me, Golf Information, Availability and Account, as the owner sees them. */
export function ProfileDetails({
  profile,
  membershipActions,
}: {
  profile: ProfileResponse;
  membershipActions?: (membership: ProfileMembership | null) => ReactNode;
}) {
  const { user, membership } = profile;
  const logout = useLogout();
  const blockedCount = user.blocked_users?.length ?? user.blocked_user_ids?.length ?? 0;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title="About Me">
          <Field label="Email">{user.email ? maskEmail(user.email) : '—'}</Field>
          <Field label="Username">{user.username}</Field>
          <Field label="Name">{[user.first_name, user.last_name].filter(Boolean).join(' ') || '—'}</Field>
          <Field label="Member since">{formatLongDate(user.created_at)}</Field>
          <MembershipFields membership={membership} role={user.role} actions={membershipActions} />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <GolfInformation user={user} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title="Availability">
          <Stack gap="sm" align="flex-start">
            <Group gap="sm">
              <AvailabilityBadge status={user.availability_status} size="lg" />
              {user.availability_status_message && <Text size="sm">{user.availability_status_message}</Text>}
            </Group>
            <Text size="sm" c="dimmed">
              {user.is_profile_visible
                ? 'Your profile is visible to other golfers, who can find you and ask you to play.'
                : 'Your profile is hidden: other golfers cannot find you or see your details.'}
            </Text>
            <Button
              component={Link}
              to={paths.profile.href({ edit: 'availability' })}
              variant="light"
              size="sm"
              leftSection={<IconCalendarCheck size={16} aria-hidden />}
            >
              Update Availability
            </Button>
          </Stack>
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title="Account">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="dimmed">
              Signed in as @{user.username}.
            </Text>
            <Text size="sm" c="dimmed">
              {blockedCount === 0
                ? "You haven't blocked anyone."
                : `You have blocked ${blockedCount} ${blockedCount === 1 ? 'person' : 'people'}.`}{' '}
              <Anchor
                component={Link}
                to={paths.profile.href({ edit: 'blocked' })}
                size="sm"
                underline="always"
              >
                Manage blocked users
              </Anchor>
            </Text>
            <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
              Logout
            </Button>
          </Stack>
        </Section>
      </Grid.Col>
    </Grid>
  );
}

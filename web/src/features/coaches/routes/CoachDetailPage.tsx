import { COACH_MESSAGES } from '@linksmate/proto/rules';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCertificate,
  IconMail,
  IconRosetteDiscountCheck,
  IconUserQuestion,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { useCoach } from '../../../entities/coach/api/get-coach';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { CoachAvatar } from '../components/CoachAvatar';
import { Field, Section, WeeklyAvailability } from '../components/CoachSections';
import { coachName, experience, hourlyRate, specialtyLabel } from '../components/coach-text';
import { MessageCoachButton, NO_ACCOUNT_HINT } from '../components/MessageCoachButton';

const coachIdOf = (param: string | undefined): number | null =>
  param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;

/** Where 'Back to Coaches' leads: the list as it was left when the coach was opened from it. */
function useBackToCoaches(): string {
  const state = useLocation().state as { from?: unknown } | null;
  const from = typeof state?.from === 'string' ? state.from : '';
  return from.startsWith(paths.findCoaches.path) ? from : paths.findCoaches.href();
}

function BackLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} fw={500} style={{ alignSelf: 'flex-start' }}>
      ← Back to Coaches
    </Anchor>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

function CoachNotFound({ back }: { back: string }) {
  return (
    <Page>
      <BackLink to={back} />
      <Stack align="center" gap="md" ta="center" py={64}>
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconUserQuestion size={36} aria-hidden />
        </ThemeIcon>
        <Title order={1}>{COACH_MESSAGES.notFound}</Title>
        <Text c="dimmed" maw={460}>
          This coach isn't listed on LinksMate, or the link may be wrong.
        </Text>
        <Button component={Link} to={back} leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back to Coaches
        </Button>
      </Stack>
    </Page>
  );
}

function DetailSkeleton() {
  return (
    <Stack role="status" aria-busy="true" aria-label="Loading coach" gap="lg">
      <Skeleton height={150} radius="lg" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Skeleton height={160} radius="lg" />
            <Skeleton height={120} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Spec 2 "Coach detail" (/coach/{coachId}): who the coach is, what they teach, what they charge, and
 * a way to get in touch. Public. Beyond the spec: the primary venue links to its page, the weekly
 * schedule shows when there is one, and an unclaimed coach's page offers 'Claim this profile'.
 */
export function CoachDetailPage() {
  const { coachId: param } = useParams();
  const coachId = coachIdOf(param);
  const back = useBackToCoaches();
  const { claims } = useSession();
  const { data, error, isPending, isFetching, refetch } = useCoach(coachId);

  if (coachId === null || (error instanceof ApiError && error.status === 404)) {
    return <CoachNotFound back={back} />;
  }
  if (error) {
    return (
      <Page>
        <BackLink to={back} />
        <LoadFailure
          title={COACH_MESSAGES.detailFailed}
          detail="Something went wrong while loading this coach."
          onRetry={() => void refetch()}
          retrying={isFetching}
          actions={
            <Button size="xs" component={Link} to={back}>
              Back to Coaches
            </Button>
          }
        />
      </Page>
    );
  }
  if (isPending || !data) {
    return (
      <Page>
        <BackLink to={back} />
        <DetailSkeleton />
      </Page>
    );
  }

  const { coach } = data;
  const name = coachName(coach);
  const firstName = coach.first_name?.trim() || name;
  const years = experience(coach.years_experience);
  const rate = hourlyRate(coach.hourly_rate);
  const own = coach.user_id !== null && claims?.user_id === coach.user_id;

  return (
    <Page>
      <BackLink to={back} />
      <Card shadow="sm" padding="xl">
        <Group justify="space-between" align="center" gap="lg">
          <Group gap="lg" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
            <CoachAvatar coach={coach} alt={name} size={96} radius={48} style={{ flexShrink: 0 }} />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Group gap="xs">
                {coach.is_verified && (
                  <Badge
                    color="fairway.8"
                    variant="filled"
                    leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
                  >
                    Verified Coach
                  </Badge>
                )}
                {years && (
                  <Badge variant="light" color="gray" c="dark.6" tt="none">
                    {years}
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          {rate && (
            <Text fw={700} fz={{ base: 'xl', sm: 26 }} c="fairway.8">
              {rate}
            </Text>
          )}
        </Group>
      </Card>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title="About">
              <Text style={{ whiteSpace: 'pre-line' }} c={coach.bio ? undefined : 'dimmed'}>
                {coach.bio || `${firstName} hasn't written about themselves yet.`}
              </Text>
            </Section>
            <Section title="Specialties">
              {coach.specialties.length > 0 ? (
                <Group gap={6}>
                  {coach.specialties.map((specialty) => (
                    <Badge key={specialty} variant="light" color="fairway" c="fairway.9" tt="none" size="lg">
                      {specialtyLabel(specialty)}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text c="dimmed">None listed</Text>
              )}
            </Section>
            <Section title="Certifications">
              {coach.certifications.length > 0 ? (
                <List
                  spacing="xs"
                  icon={
                    <ThemeIcon size={22} radius="xl" variant="light">
                      <IconCertificate size={14} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {coach.certifications.map((certification) => (
                    <List.Item key={certification}>{certification}</List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed">None listed</Text>
              )}
            </Section>
            <WeeklyAvailability schedule={coach.availability_schedule} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title="Coach Details">
              <Field label="Experience">{years ?? 'Not given'}</Field>
              <Field label="Hourly Rate">{rate ?? 'On request'}</Field>
              <Field label="Status">
                {coach.is_available_for_booking ? (
                  <Badge color="fairway.8" variant="filled">
                    Available
                  </Badge>
                ) : (
                  <Badge color="gray.7" variant="filled">
                    Unavailable
                  </Badge>
                )}
              </Field>
              <Field label="Email">
                {coach.email ? <Anchor href={`mailto:${coach.email}`}>{coach.email}</Anchor> : 'Not given'}
              </Field>
              {coach.venue_id !== null && (
                <Field label="Venue">
                  <Anchor component={Link} to={paths.venue.href(coach.venue_id)}>
                    {coach.venue_name || 'View venue'}
                  </Anchor>
                </Field>
              )}
            </Section>

            <Section title="Get in Touch">
              <Stack gap="sm">
                <Text size="sm">
                  {own
                    ? 'This is your coach profile: golfers message you from here.'
                    : coach.user_id !== null
                      ? `Interested in lessons with ${firstName}? Send a message to ask about times and rates.`
                      : `${NO_ACCOUNT_HINT}${coach.email ? ' You can email them instead.' : ''}`}
                </Text>
                <MessageCoachButton coach={coach} label={`Message ${firstName}`} fullWidth />
                {coach.user_id === null && coach.email && (
                  <Button
                    component="a"
                    href={`mailto:${coach.email}`}
                    variant="light"
                    leftSection={<IconMail size={16} aria-hidden />}
                    fullWidth
                  >
                    Email {firstName}
                  </Button>
                )}
              </Stack>
            </Section>

            {coach.user_id === null && (
              <Card shadow="xs" bg="sand.0" component="aside" aria-label="Claim this profile">
                <Stack gap="xs">
                  <Text fw={600}>Are you {name}?</Text>
                  <Text size="sm">Claim this profile to keep it up to date and hear from golfers.</Text>
                  <Button
                    component={Link}
                    to={paths.claimProfile.href('coach', coach.id)}
                    variant="outline"
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Claim this profile
                  </Button>
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      <Button
        component={Link}
        to={back}
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        Back to Coaches
      </Button>
    </Page>
  );
}

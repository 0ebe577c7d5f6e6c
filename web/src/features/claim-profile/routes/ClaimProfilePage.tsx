import {
  CLAIM_ENTITY_TYPES,
  CLAIM_MESSAGES,
  type ClaimEntityType,
  isEmailAddress,
  PASSWORD_RULES,
  PASSWORD_SPECIALS,
  passwordError,
} from '@linksmate/proto/rules';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  List,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconHome,
  IconLink,
  IconMailCheck,
  IconSettings,
  IconUserQuestion,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormError } from '../../../components/FormError';
import { useCoach } from '../../../entities/coach/api/get-coach';
import { useVenue } from '../../../entities/venue/api/get-venue';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { capitalise } from '../../../lib/text';
import { useClaimProfile } from '../api/claim-profile';
import { CoachSummary, VenueSummary } from '../components/ProfileSummary';

/** Long enough to read the success message; the link beside it goes at once. */
const REDIRECT_AFTER_MS = 3000;
const TOO_SHORT = PASSWORD_RULES[0]!.message;

/**
 * The account a claim makes keeps identity's password rules, as the server checks them; the length
 * rule reads in the claim form's own words (docs/product.md#community-validation).
 */
function claimPasswordError(password: string): string | null {
  const problem = passwordError(password);
  return problem === TOO_SHORT ? CLAIM_MESSAGES.passwordTooShort : problem;
}

const idOf = (param: string | undefined): number | null =>
  param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
const isClaimable = (type: string | undefined): type is ClaimEntityType =>
  (CLAIM_ENTITY_TYPES as readonly (string | undefined)[]).includes(type);

function Page({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

/** 'Profile Not Found' for a kind that cannot be claimed, or the kind's own message for a missing one. */
function NotFound({ title, text }: { title: string; text: string }) {
  return (
    <Page>
      <Stack align="center" gap="md" ta="center" py={64}>
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconUserQuestion size={36} aria-hidden />
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" maw={460}>
          {text}
        </Text>
        <Button component={Link} to={paths.home.href()} leftSection={<IconHome size={16} aria-hidden />}>
          Go Home
        </Button>
      </Stack>
    </Page>
  );
}

/** Spec 2 "Claim profile": what claiming does, in three steps. */
function HowItWorks(props: { hiddenFrom?: 'md'; visibleFrom?: 'md' }) {
  const step = (icon: ReactNode) => (
    <ThemeIcon size={28} radius="xl" variant="light">
      {icon}
    </ThemeIcon>
  );
  // Shown once per layout (beside the summary on wide screens, under the form on narrow ones).
  const titleId = props.hiddenFrom ? 'claim-steps-narrow' : 'claim-steps-wide';
  return (
    <Card shadow="xs" component="section" aria-labelledby={titleId} {...props}>
      <Title order={2} fz="lg" mb="sm" id={titleId}>
        What happens when you claim
      </Title>
      <List spacing="md" center>
        <List.Item icon={step(<IconLink size={16} aria-hidden />)}>
          <Text size="sm" lh={1.5}>
            An account is created with your email and linked to this profile.
          </Text>
        </List.Item>
        <List.Item icon={step(<IconMailCheck size={16} aria-hidden />)}>
          <Text size="sm" lh={1.5}>
            We send you an email to verify your address.
          </Text>
        </List.Item>
        <List.Item icon={step(<IconSettings size={16} aria-hidden />)}>
          <Text size="sm" lh={1.5}>
            Once verified, you can sign in and manage the profile.
          </Text>
        </List.Item>
      </List>
    </Card>
  );
}

function ClaimForm({ entityType, entityId }: { entityType: ClaimEntityType; entityId: number }) {
  const navigate = useNavigate();
  const claim = useClaimProfile();
  const [formError, setFormError] = useState<{ message: string; signIn: boolean } | null>(null);
  const [claimed, setClaimed] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: {
      email: (value) =>
        !value.trim()
          ? CLAIM_MESSAGES.emailRequired
          : isEmailAddress(value.trim())
            ? null
            : CLAIM_MESSAGES.invalidEmail,
      password: claimPasswordError,
      confirmPassword: (value, values) =>
        value !== values.password ? CLAIM_MESSAGES.passwordsDoNotMatch : null,
    },
  });

  // docs/product.md#community-states: a claimed profile's new account logs in once its e-mail is verified.
  useEffect(() => {
    if (!claimed) return;
    const timer = setTimeout(
      () => navigate(paths.login.href({ claimed: true }), { replace: true }),
      REDIRECT_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [claimed, navigate]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await claim.mutateAsync({
        entityType,
        entityId,
        email: values.email.trim(),
        password: values.password,
      });
      setClaimed(true);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : undefined;
      const onFields = Object.fromEntries(
        Object.entries(fieldErrors ?? {}).filter(([field]) => field in form.values),
      );
      // Said once: under the fields it concerns, or above the form when no field carries it.
      if (Object.keys(onFields).length > 0) form.setErrors(onFields);
      else {
        const message = err instanceof ApiError ? err.message : CLAIM_MESSAGES.failed;
        setFormError({ message, signIn: message === CLAIM_MESSAGES.accountExists });
      }
    }
  });

  if (claimed) {
    return (
      <Alert
        color="fairway"
        variant="light"
        role="status"
        icon={<IconCircleCheck size={18} aria-hidden />}
        title={CLAIM_MESSAGES.succeeded}
      >
        <Text size="sm">
          Taking you to sign in…{' '}
          <Anchor component={Link} to={paths.login.href({ claimed: true })} replace fw={600}>
            Sign in now
          </Anchor>
        </Text>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Claim this profile">
      <Stack gap="md">
        <FormError>
          {formError && (
            <>
              {formError.message}
              {formError.signIn && (
                <Text size="sm" mt={6}>
                  <Anchor component={Link} to={paths.login.href()} fw={600} c="red.9" underline="always">
                    Sign in
                  </Anchor>
                </Text>
              )}
            </>
          )}
        </FormError>
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Create Password"
          description={`At least 8 characters, with upper and lower case letters, a number and one of ${PASSWORD_SPECIALS}`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" loading={claim.isPending} fullWidth>
          {claim.isPending ? 'Claiming Profile...' : 'Claim This Profile'}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Spec 2 "Claim profile" (/claim-profile/{entityType}/{entityId}): a coach or venue owner takes over a
 * listed profile by making an account for it. Public. Shows whose profile it is, the form, and what
 * claiming does; on success the new account is sent to log in once its e-mail is verified.
 */
export function ClaimProfilePage() {
  const { entityType, entityId: idParam } = useParams();
  const type = isClaimable(entityType) ? entityType : null;
  const entityId = idOf(idParam);
  const coach = useCoach(type === 'coach' ? entityId : null);
  const venue = useVenue(type === 'venue' ? entityId : null);
  const query = type === 'coach' ? coach : venue;

  if (!type) return <NotFound title="Profile Not Found" text={CLAIM_MESSAGES.invalidType} />;
  const missing = (
    <NotFound
      title={capitalise(CLAIM_MESSAGES.notFound(type))}
      text="The link may be wrong, or the profile may no longer be listed."
    />
  );
  if (entityId === null || (query.error instanceof ApiError && query.error.status === 404)) return missing;

  const alreadyClaimed = coach.data?.coach.user_id != null;
  const summary =
    type === 'coach'
      ? coach.data && <CoachSummary coach={coach.data.coach} />
      : venue.data && <VenueSummary venue={venue.data.venue} />;

  return (
    <Page>
      <div>
        <Title order={1}>Claim Your Profile</Title>
        <Text c="dimmed" mt="xs">
          {type === 'coach'
            ? 'Are you this coach? Claim the profile to keep it up to date and hear from golfers.'
            : 'Do you run this venue? Claim the profile to keep its details up to date.'}
        </Text>
      </div>

      {query.error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={CLAIM_MESSAGES.loadFailed}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Something went wrong while loading this profile.</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : query.isPending ? (
        <Grid gap="lg" role="status" aria-busy="true" aria-label="Loading profile">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={260} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={360} radius="lg" />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              {summary}
              {!alreadyClaimed && <HowItWorks visibleFrom="md" />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Card shadow="sm" padding="xl" component="section" aria-labelledby="claim-form-title">
                <Title order={2} fz="xl" mb="md" id="claim-form-title">
                  {alreadyClaimed ? 'Already claimed' : 'Create your account'}
                </Title>
                {alreadyClaimed ? (
                  <Alert color="sand" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
                    {CLAIM_MESSAGES.alreadyClaimed}
                  </Alert>
                ) : (
                  <ClaimForm entityType={type} entityId={entityId} />
                )}
                <Text size="sm" c="dimmed" mt="lg" ta="center">
                  Already have an account?{' '}
                  <Anchor component={Link} to={paths.login.href()} fw={600}>
                    Sign in
                  </Anchor>
                </Text>
              </Card>
              {!alreadyClaimed && <HowItWorks hiddenFrom="md" />}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}

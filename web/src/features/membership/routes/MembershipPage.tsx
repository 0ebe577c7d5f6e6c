import { GST_RATE_PERCENT, isRunningSubscription } from '@linksmate/proto/rules';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAward, IconCalendarX, IconReceiptTax, IconShieldCheck, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginState } from '../../../lib/login-state';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { type Plan, usePlans } from '../api/get-plans';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { membershipKeys } from '../api/keys';
import { CheckoutModal } from '../components/CheckoutModal';
import { PlanGrid } from '../components/PlanGrid';

const HIGHLIGHTS = [
  { icon: IconShieldCheck, title: '$20M insurance', text: 'Public liability cover every time you play.' },
  { icon: IconAward, title: 'Official handicap', text: 'An official handicap number, kept up to date.' },
  {
    icon: IconCalendarX,
    title: 'Cancel anytime',
    text: 'Stop renewing whenever you like; keep what you paid for.',
  },
  {
    icon: IconReceiptTax,
    title: 'Prices exclude GST',
    text: `GST of ${GST_RATE_PERCENT}% is added at checkout.`,
  },
];

/** For someone who is a member: where to go next. */
function MemberCard({ title, text }: { title: string; text: string }) {
  return (
    <Card shadow="sm" padding="xl" ta="center">
      <Stack align="center" gap="sm">
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Group>
          <Button component={Link} to={paths.events.href()}>
            Browse Events
          </Button>
          <Button component={Link} to={paths.profile.href()} variant="default">
            Manage Membership
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** docs/product.md#account-screens: choosing a plan. */
export function MembershipPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const state = (location.state ?? {}) as { required?: boolean; fromOnboarding?: boolean };
  const required = !!state.required;
  const fromOnboarding = !!state.fromOnboarding || params.get('onboarding') === 'true';
  const status = useSubscriptionStatus();
  const plans = usePlans();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [laterNotice, setLaterNotice] = useState(false);
  const [welcomed, setWelcomed] = useState<Plan | null>(null);

  // Back from logging in with the plan chosen before: its checkout opens, once.
  const planAskedFor = params.get('plan');
  useEffect(() => {
    if (!planAskedFor || !session.isLoggedIn || !plans.data || status.isPending) return;
    setParams(
      (next) => {
        next.delete('plan');
        return next;
      },
      { replace: true, state: location.state },
    );
    const plan = plans.data.find((candidate) => candidate.id === planAskedFor);
    if (plan && !isRunningSubscription(status.data?.status)) setChosen(plan);
  }, [
    planAskedFor,
    session.isLoggedIn,
    plans.data,
    status.isPending,
    status.data,
    setParams,
    location.state,
  ]);

  const choose = (plan: Plan) => {
    if (!session.isLoggedIn) {
      const state: LoginState = {
        message: `Log in to continue with the ${plan.name} plan.`,
        tone: 'info',
        from: paths.membership.href({ plan: plan.id }),
      };
      navigate(paths.login.href(), { state });
      return;
    }
    setChosen(plan);
  };

  const later = () => {
    if (required) setLaterNotice(true);
    else navigate(fromOnboarding ? paths.events.href() : paths.dashboard.href());
  };

  const purchased = async (plan: Plan) => {
    setChosen(null);
    setWelcomed(plan);
    // payments already knows; the token and the profile follow when identity says (claims:changed).
    await queryClient.invalidateQueries({ queryKey: membershipKeys.all });
  };

  const isMember = isRunningSubscription(status.data?.status);

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        {required && (
          <Alert color="yellow" variant="light" title="Membership Required">
            You need an active membership to access this feature.
          </Alert>
        )}
        {fromOnboarding && (
          <Alert
            color="fairway"
            variant="light"
            icon={<IconSparkles size={18} aria-hidden />}
            title="Welcome to LinksMate!"
          >
            Choose the membership that suits your game.
          </Alert>
        )}
        <Stack gap={4} ta="center" align="center">
          <Title order={1}>LinksMate membership</Title>
          <Text c="dimmed" maw={640}>
            Play more, with cover and a handicap that counts. Every plan includes all member benefits.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <Group key={title} gap="sm" wrap="nowrap" align="start">
              <ThemeIcon size={40} radius="md" variant="light">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={700}>{title}</Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>

        {welcomed ? (
          <MemberCard
            title={`Welcome to LinksMate ${welcomed.name}!`}
            text="Your membership is active. Enjoy your golf."
          />
        ) : isMember ? (
          <MemberCard
            title="You're Already a Member!"
            text="Your membership is in place — nothing more to do."
          />
        ) : (
          <PlanGrid onChoose={choose} />
        )}

        {!isMember && !welcomed && (
          <Stack align="center" gap="xs">
            {laterNotice && (
              <Alert color="red" variant="light" role="alert">
                A membership is required to use this feature. Please choose a plan to continue.
              </Alert>
            )}
            <Anchor component="button" type="button" onClick={later}>
              {fromOnboarding ? "I'll choose a membership later" : 'Maybe later'}
            </Anchor>
          </Stack>
        )}
      </Stack>
      <CheckoutModal plan={chosen} onClose={() => setChosen(null)} onSuccess={purchased} />
    </Container>
  );
}

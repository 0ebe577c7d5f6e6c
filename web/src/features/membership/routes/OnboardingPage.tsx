import { DELAYS_MS, isCoachRole } from '@linksmate/proto/rules';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  List,
  Progress,
  Stack,
  Stepper,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconConfetti } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { rememberLoginState } from '../../../lib/login-state';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import type { Plan } from '../api/get-plans';
import { CheckoutModal } from '../components/CheckoutModal';
import { PlanGrid } from '../components/PlanGrid';

const COACH_BENEFITS = [
  'Complimentary platform access — no membership needed',
  'Create and manage coaching events',
  'Connect with students and take bookings',
];

const LOGIN_AGAIN = 'Welcome to LinksMate membership! Please log in again to access your member benefits.';

/** docs/product.md#account-screens: the step after registration. */
export function OnboardingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [purchased, setPurchased] = useState<Plan | null>(null);
  const [progress, setProgress] = useState(0);
  const coach = isCoachRole(session.role);
  const { signOut } = session;

  useEffect(() => {
    if (!purchased) return;
    // The old token knows nothing of the membership: the person logs in again to get one that does.
    rememberLoginState({ message: LOGIN_AGAIN });
    signOut();
    const started = Date.now();
    const tick = setInterval(
      () => setProgress(Math.min(100, ((Date.now() - started) / DELAYS_MS.afterPurchaseRedirect) * 100)),
      100,
    );
    const timer = setTimeout(
      () => navigate(paths.login.href(), { state: { message: LOGIN_AGAIN } }),
      DELAYS_MS.afterPurchaseRedirect,
    );
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [purchased, navigate, signOut]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stepper
          active={purchased ? 3 : 1}
          completedIcon={<IconCircleCheck size={18} />}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step label="Account Created" />
          <Stepper.Step label="Choose Membership" />
          <Stepper.Step label="Complete Setup" />
        </Stepper>

        {params.get('verified') === 'true' && !purchased && (
          <Alert color="fairway" variant="light" icon={<IconCircleCheck size={18} aria-hidden />}>
            Email verified successfully
          </Alert>
        )}

        {purchased ? (
          <Card shadow="sm" padding="xl" ta="center">
            <Stack align="center" gap="md">
              <ThemeIcon size={72} radius="xl" variant="light">
                <IconConfetti size={40} aria-hidden />
              </ThemeIcon>
              <Title order={1}>Welcome to LinksMate {purchased.name}!</Title>
              <Text c="dimmed" maw={480}>
                Your membership is set up. We're signing you out so you can log in again with your member
                benefits.
              </Text>
              <Progress value={progress} w="60%" size="sm" aria-label="Redirecting to login" />
            </Stack>
          </Card>
        ) : coach ? (
          <Card shadow="sm" padding="xl">
            <Stack gap="md">
              <Title order={1}>Welcome to LinksMate, Coach!</Title>
              <Text>Coaches use LinksMate free of charge. Here is what you get:</Text>
              <List spacing="xs">
                {COACH_BENEFITS.map((benefit) => (
                  <List.Item key={benefit}>{benefit}</List.Item>
                ))}
              </List>
              <Button
                component={Link}
                to={paths.profile.href({ welcome: true })}
                size="md"
                style={{ alignSelf: 'flex-start' }}
              >
                Complete Setup
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1}>Choose your membership</Title>
              <Text c="dimmed">
                Every plan includes $20M liability insurance and an official handicap. Prices exclude GST,
                added at checkout.
              </Text>
            </Stack>
            <PlanGrid onChoose={setChosen} />
            <Anchor component={Link} to={paths.profile.href({ welcome: true })} ta="center">
              I'll choose a membership later
            </Anchor>
          </Stack>
        )}
      </Stack>
      <CheckoutModal
        plan={chosen}
        onClose={() => setChosen(null)}
        onSuccess={(plan) => {
          setChosen(null);
          setPurchased(plan);
        }}
      />
    </Container>
  );
}

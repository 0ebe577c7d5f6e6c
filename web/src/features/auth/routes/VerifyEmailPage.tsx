import { DELAYS_MS } from '@linksmate/proto/rules';
import { Button, Center, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useVerifyEmail } from '../api/verify-email';
import { LinkFailure } from '../components/LinkFailure';

const ONBOARDING = paths.onboarding.href({ verified: true });

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || 'Email verification failed.';
  return 'An error occurred while verifying your email.';
}

/** docs/product.md#account-screens: verifies on arrival; on success goes on to onboarding after 3 seconds. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!verification.isSuccess) return;
    const started = Date.now();
    const tick = setInterval(
      () => setProgress(Math.min(100, ((Date.now() - started) / DELAYS_MS.afterVerifyRedirect) * 100)),
      100,
    );
    const timer = setTimeout(() => navigate(ONBOARDING), DELAYS_MS.afterVerifyRedirect);
    return () => {
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [verification.isSuccess, navigate]);

  if (token && verification.isPending) {
    return (
      <AuthShell title="Verifying your email">
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader aria-label="Verifying" />
            <Text c="dimmed">Just a moment while we confirm your address…</Text>
          </Stack>
        </Center>
      </AuthShell>
    );
  }

  if (token && verification.isSuccess) {
    return (
      <AuthShell title="Email verified">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconCircleCheck size={40} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{verification.data.message}</Text>
          <Text c="dimmed" size="sm">
            Taking you to choose your membership in a few seconds…
          </Text>
          <Progress value={progress} w="100%" size="sm" aria-label="Redirecting" />
          <Button onClick={() => navigate(ONBOARDING)}>Continue</Button>
        </Stack>
      </AuthShell>
    );
  }

  const message = token ? failureMessage(verification.error) : 'No verification token provided.';
  return (
    <LinkFailure
      title="We couldn't verify your email"
      icon={<IconCircleX size={40} aria-hidden />}
      message={message}
      ways={[
        { to: paths.resendVerification.href(), label: 'Request New Verification Email' },
        { to: paths.register.href(), label: 'Create New Account' },
      ]}
    />
  );
}

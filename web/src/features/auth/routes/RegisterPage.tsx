import {
  accountEmailError,
  LINK_MAIL_COOLDOWN_MS,
  LINK_VALIDITY,
  passwordError,
  usernameError,
} from '@linksmate/proto/rules';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';
import { FormError } from '../../../components/FormError';
import { PasswordChecklist } from '../../../components/PasswordChecklist';
import { ApiError } from '../../../lib/api-client';
import { useSecondsUntil } from '../../../lib/countdown';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/register';
import { useResendVerification } from '../api/resend-verification';
import { resendWaitText } from '../components/resend-wait';

const VERIFY_HOURS = Math.round(LINK_VALIDITY.verificationMs / 3_600_000);

export function RegisterPage() {
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const resend = useResendVerification();
  const [formError, setFormError] = useState<string | null>(null);
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);
  const [resendNotice, setResendNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // The server mails one verification link a minute per address, counting from registration.
  const [resendAvailableAt, setResendAvailableAt] = useState<number | null>(null);
  const resendSecondsLeft = useSecondsUntil(resendAvailableAt);
  const form = useForm({
    initialValues: { username: '', email: '', password: '' },
    validate: {
      username: (v) => usernameError(v.trim()),
      email: (v) => accountEmailError(v),
      password: (v) => passwordError(v),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await registerAccount.mutateAsync({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setCreatedEmail(values.email.trim());
      setResendAvailableAt(Date.now() + LINK_MAIL_COOLDOWN_MS);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : undefined;
      const shownOnFields =
        fieldErrors && Object.keys(fieldErrors).every((field) => field in form.values) ? fieldErrors : null;
      // Said once: under the fields it concerns, or above the form when no field carries it.
      if (shownOnFields) form.setErrors(shownOnFields);
      else setFormError(err instanceof ApiError ? err.message : 'Failed to register');
    }
  });

  const resendEmail = async () => {
    if (!createdEmail) return;
    try {
      await resend.mutateAsync(createdEmail);
      setResendNotice({ ok: true, text: 'Verification email sent! Please check your inbox.' });
      setResendAvailableAt(Date.now() + LINK_MAIL_COOLDOWN_MS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds) {
        // Nothing was sent: the countdown under the button says when it can be.
        setResendNotice(null);
        setResendAvailableAt(Date.now() + err.retryAfterSeconds * 1000);
        return;
      }
      setResendNotice({ ok: false, text: 'Failed to resend verification email. Please try again.' });
    }
  };

  return (
    <AuthShell
      title="Create your account"
      subtitle={
        <>
          Already a member?{' '}
          <Anchor component={Link} to={paths.login.href()} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <TextInput
            label="Username"
            description="Letters, numbers and underscores"
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordChecklist password={form.values.password} />
          <Button type="submit" size="md" loading={registerAccount.isPending} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>

      <Modal
        opened={!!createdEmail}
        onClose={() => navigate(paths.login.href())}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close and go to login' }}
        title={
          <Group gap="sm">
            <ThemeIcon size={36} radius="xl">
              <IconMailCheck size={20} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Account Created Successfully!
            </Title>
          </Group>
        }
      >
        <Stack gap="md">
          <Text>
            We sent a verification link to <strong>{createdEmail}</strong>. Open it to activate your account.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Can't find it? Check your spam or junk folder.</List.Item>
            <List.Item>The link expires in {VERIFY_HOURS} hours.</List.Item>
          </List>
          {resendNotice && (
            <Alert color={resendNotice.ok ? 'fairway' : 'red'} variant="light" role="status">
              {resendNotice.text}
            </Alert>
          )}
          <Stack gap="xs">
            <Button onClick={() => navigate(paths.onboarding.href())}>
              Continue to Membership Selection
            </Button>
            <Button variant="default" onClick={() => navigate(paths.login.href())}>
              Go to Login
            </Button>
            <Button
              variant="subtle"
              onClick={resendEmail}
              loading={resend.isPending}
              disabled={resendSecondsLeft > 0}
              aria-describedby={resendSecondsLeft > 0 ? 'resend-wait' : undefined}
            >
              Resend Verification Email
            </Button>
            {resendSecondsLeft > 0 && (
              <Text id="resend-wait" size="sm" c="dimmed" ta="center">
                {resendWaitText(resendSecondsLeft)}
              </Text>
            )}
          </Stack>
        </Stack>
      </Modal>
    </AuthShell>
  );
}

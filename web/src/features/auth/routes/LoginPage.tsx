import { LOGIN_REFUSAL_CODES } from '@linksmate/proto/rules';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';
import { forgetRememberedLoginState, type LoginState, rememberedLoginState } from '../../../lib/login-state';
import { paths } from '../../../lib/paths';
import { hasTokenShape } from '../../../lib/session';
import { useSession } from '../../../lib/session-context';
import { useLogin } from '../api/login';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // A screen that signed this tab out (onboarding after a purchase) said what to tell the person,
  // whichever navigation brought them here first; otherwise the navigation's own state.
  const [remembered] = useState(rememberedLoginState);
  useEffect(() => forgetRememberedLoginState(), []);
  const state = remembered ?? ((location.state ?? {}) as LoginState);
  // docs/product.md#community-states: a profile claim ends here; its new account logs in once its e-mail is verified.
  const claimed = useSearchParams()[0].get('claimed') === 'true';
  const session = useSession();
  const login = useLogin();
  const [error, setError] = useState<{ message: string; needsVerification: boolean } | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (v.trim() ? null : 'Email is required'),
      password: (v) => (v ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { token } = await login.mutateAsync({ email: values.email.trim(), password: values.password });
      if (!token || !hasTokenShape(token)) {
        setError({ message: 'Invalid token format received from server', needsVerification: false });
        return;
      }
      session.signIn(token);
      navigate(state.from && state.from !== paths.login.href() ? state.from : paths.profile.href(), {
        replace: true,
      });
    } catch (err) {
      const needsVerification = err instanceof ApiError && err.code === LOGIN_REFUSAL_CODES.unverified;
      setError({ message: err instanceof ApiError ? err.message : 'Failed to login', needsVerification });
    }
  });

  return (
    <AuthShell
      title="Welcome back"
      subtitle={
        <>
          Or{' '}
          <Anchor component={Link} to={paths.register.href()} fw={600}>
            create a new account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {state.message && (
            <Alert
              color="fairway"
              variant="light"
              icon={
                state.tone === 'info' ? (
                  <IconInfoCircle size={18} aria-hidden />
                ) : (
                  <IconCircleCheck size={18} aria-hidden />
                )
              }
            >
              {state.message}
            </Alert>
          )}
          {claimed && !state.message && (
            <Alert color="fairway" variant="light" icon={<IconMailCheck size={18} aria-hidden />}>
              Profile claimed. Verify your email with the link we sent you, then log in here.
            </Alert>
          )}
          <FormError>
            {error && (
              <>
                {error.message}
                {error.needsVerification && (
                  <Text size="sm" mt={6}>
                    <Anchor
                      component={Link}
                      to={paths.resendVerification.href()}
                      fw={600}
                      c="red.9"
                      underline="always"
                    >
                      Resend verification email
                    </Anchor>
                  </Text>
                )}
              </>
            )}
          </FormError>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to={paths.forgotPassword.href()} size="sm" ta="right">
            Forgot your password?
          </Anchor>
          <Button type="submit" size="md" loading={login.isPending} fullWidth>
            Log in
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}

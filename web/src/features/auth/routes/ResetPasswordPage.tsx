import { confirmPasswordError, DELAYS_MS, passwordError } from '@linksmate/proto/rules';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';
import { FormError } from '../../../components/FormError';
import { PasswordChecklist } from '../../../components/PasswordChecklist';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/reset-password';
import { LinkFailure } from '../components/LinkFailure';

function InvalidLink({ message }: { message: string }) {
  return (
    <LinkFailure
      title="This reset link can't be used"
      icon={<IconLinkOff size={36} aria-hidden />}
      message={message}
      ways={[
        { to: paths.forgotPassword.href(), label: 'Request a new link' },
        { to: paths.login.href(), label: 'Back to login' },
      ]}
    />
  );
}

/** docs/product.md#account-screens: choose a new password with the link's token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState<string | null>(
    token ? null : 'Invalid or missing reset token.',
  );
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => passwordError(v),
      confirm: (v, values) => confirmPasswordError(v, values.password),
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () =>
        navigate(paths.login.href(), {
          state: { message: 'Password reset successfully! You can now log in with your new password.' },
        }),
      DELAYS_MS.afterResetRedirect,
    );
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (invalidLink) return <InvalidLink message={invalidLink} />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await reset.mutateAsync({ token: token!, new_password: values.password });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setInvalidLink('Invalid or expired reset token');
      else if (err instanceof ApiError && err.status === 422) {
        setError('Password does not meet requirements');
        if (err.fieldErrors?.new_password) form.setFieldError('password', err.fieldErrors.new_password);
      } else
        setError(
          error
            ? 'An error occurred while resetting your password. Please try again.'
            : 'An error occurred while resetting your password',
        );
    }
  });

  return (
    <AuthShell title="Choose a new password">
      {done ? (
        <Alert color="fairway" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          Password reset successfully! Redirecting to login...
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError>{error}</FormError>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordChecklist password={form.values.password} />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" size="md" loading={reset.isPending} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}

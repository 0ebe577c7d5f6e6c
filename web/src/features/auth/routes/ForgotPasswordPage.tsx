import { LINK_VALIDITY } from '@linksmate/proto/rules';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';
import { paths } from '../../../lib/paths';
import { forgotPassword } from '../api/forgot-password';
import { EmailRequestForm } from './EmailRequestForm';

const RESET_MINUTES = Math.round(LINK_VALIDITY.passwordResetMs / 60_000);

export function ForgotPasswordPage() {
  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one."
    >
      <EmailRequestForm
        submitLabel="Send reset link"
        send={forgotPassword}
        successText={(message) => (
          <Stack gap={4}>
            <Text size="sm">
              {message || 'If this email exists, you will receive a password reset link.'}
            </Text>
            <Text size="sm">Please use the link within {RESET_MINUTES} minutes.</Text>
          </Stack>
        )}
        failureText="Failed to send reset email. Please try again."
        footer={
          <Anchor component={Link} to={paths.login.href()} size="sm">
            Back to login
          </Anchor>
        }
      />
    </AuthShell>
  );
}

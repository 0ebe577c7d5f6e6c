import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';
import { paths } from '../../../lib/paths';
import { resendVerification } from '../api/resend-verification';
import { resendWaitText } from '../components/resend-wait';
import { EmailRequestForm } from './EmailRequestForm';

export function ResendVerificationPage() {
  return (
    <AuthShell
      title="Resend verification email"
      subtitle="Enter the email you registered with and we'll send a fresh link."
    >
      <EmailRequestForm
        submitLabel="Send verification email"
        send={resendVerification}
        successText={() => 'Verification email sent! Please check your inbox.'}
        failureText="Failed to send verification email."
        networkFailureText="An error occurred. Please try again."
        waitText={resendWaitText}
        footer={
          <Group justify="space-between">
            <Anchor component={Link} to={paths.login.href()} size="sm">
              Back to login
            </Anchor>
            <Anchor component={Link} to={paths.register.href()} size="sm">
              Create an account
            </Anchor>
          </Group>
        }
      />
    </AuthShell>
  );
}

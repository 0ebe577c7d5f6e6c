import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';

/**
 * The resend-verification and forgot-password forms: one e-mail field and the four states of
 * spec 1 §4 (idle, loading, success, error).
 */
export function EmailRequestForm(props: {
  submitLabel: string;
  send: (email: string) => Promise<{ message: string }>;
  successText: (serverMessage: string) => ReactNode;
  failureText: string;
  /** When the server could not be reached at all; the failure text unless a page says otherwise. */
  networkFailureText?: string;
  footer: ReactNode;
}) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'loading' } | { kind: 'success'; text: ReactNode } | { kind: 'error'; text: string }
  >({
    kind: 'idle',
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setState({ kind: 'error', text: 'Please enter your email address.' });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const { message } = await props.send(email.trim());
      setState({ kind: 'success', text: props.successText(message) });
    } catch (err) {
      setState({
        kind: 'error',
        text: err instanceof ApiError ? props.failureText : (props.networkFailureText ?? props.failureText),
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {state.kind === 'success' && (
          <Alert
            color="fairway"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            role="status"
          >
            {state.text}
          </Alert>
        )}
        <FormError>{state.kind === 'error' ? state.text : null}</FormError>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={state.kind === 'loading'} fullWidth size="md">
          {props.submitLabel}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}

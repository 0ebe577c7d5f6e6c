import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';
import { secondsText, useSecondsUntil } from '../../../lib/countdown';

/**
 * The resend-verification and forgot-password forms: one e-mail field and the four states of
 * docs/product.md#account-states (idle, loading, success, error), and a wait when the server says to ask again later
 * (429 with the seconds left), counted down with the button held until it ends.
 */
export function EmailRequestForm(props: {
  submitLabel: string;
  send: (email: string) => Promise<{ message: string }>;
  successText: (serverMessage: string) => ReactNode;
  failureText: string;
  /** When the server could not be reached at all; the failure text unless a page says otherwise. */
  networkFailureText?: string;
  /** What the wait says while it counts down. */
  waitText?: (seconds: number) => string;
  footer: ReactNode;
}) {
  const form = useForm({ mode: 'controlled', initialValues: { email: '' } });
  const [state, setState] = useState<
    | { kind: 'idle' | 'loading' }
    | { kind: 'success'; text: ReactNode }
    | { kind: 'error'; text: string }
    | { kind: 'wait'; until: number }
  >({
    kind: 'idle',
  });
  const secondsLeft = useSecondsUntil(state.kind === 'wait' ? state.until : null);
  const waiting = state.kind === 'wait' && secondsLeft > 0;
  useEffect(() => {
    if (state.kind === 'wait' && secondsLeft === 0) setState({ kind: 'idle' });
  }, [state.kind, secondsLeft]);

  const submit = async ({ email }: { email: string }) => {
    if (!email.trim()) {
      setState({ kind: 'error', text: 'Please enter your email address.' });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const { message } = await props.send(email.trim());
      setState({ kind: 'success', text: props.successText(message) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds) {
        setState({ kind: 'wait', until: Date.now() + err.retryAfterSeconds * 1000 });
        return;
      }
      setState({
        kind: 'error',
        text: err instanceof ApiError ? props.failureText : (props.networkFailureText ?? props.failureText),
      });
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
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
        {waiting && (
          <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} aria-hidden />}>
            {(props.waitText ?? defaultWaitText)(secondsLeft)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={state.kind === 'loading'} disabled={waiting} fullWidth size="md">
          {props.submitLabel}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}

const defaultWaitText = (seconds: number) => `Please wait ${secondsText(seconds)} before trying again.`;

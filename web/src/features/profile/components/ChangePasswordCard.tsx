import { confirmPasswordError, PASSWORD_MESSAGES, passwordError } from '@linksmate/proto/rules';
import { Alert, Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PasswordChecklist } from '../../../components/PasswordChecklist';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['current_password', 'new_password'] as const;

/**
 * The dialog's form: the current password, then a new one under the same rules and messages as a
 * reset (docs/product.md#account-validation), confirmed. The server's per-field answers (a wrong current password, a weak or
 * unchanged new one) land under their fields.
 */
function ChangePasswordForm({ onDone, onCancel }: { onDone(message: string): void; onCancel(): void }) {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { current_password: '', new_password: '', confirm: '' },
    validate: {
      current_password: (v) => (v ? null : PASSWORD_MESSAGES.required),
      new_password: (v) => passwordError(v),
      confirm: (v, values) => confirmPasswordError(v, values.new_password),
    },
  });

  // Mantine's PasswordInput describes its error but does not mark the input invalid on its own.
  const field = (name: keyof typeof form.values) => ({
    ...form.getInputProps(name),
    'aria-invalid': !!form.errors[name],
  });

  const submit = form.onSubmit(async ({ current_password, new_password }) => {
    setError(null);
    try {
      const reply = await change.mutateAsync({ current_password, new_password });
      onDone(reply.message);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError('Failed to change your password. Please try again.');
        return;
      }
      const shown: string[] = [];
      for (const field of FIELDS) {
        const message = err.fieldErrors?.[field];
        if (message) {
          form.setFieldError(field, message);
          shown.push(message);
        }
      }
      // The answer's own message too, unless a field already says it.
      if (!shown.includes(err.message)) setError(err.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError>{error}</FormError>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          data-autofocus
          {...field('current_password')}
        />
        <PasswordInput label="New password" autoComplete="new-password" required {...field('new_password')} />
        <PasswordChecklist password={form.values.new_password} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...field('confirm')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The own profile's password card: changing it keeps this device signed in and signs out the others. */
export function ChangePasswordCard() {
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Card withBorder shadow="xs">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it keeps you signed in here and signs you out on every other device.
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLock size={14} aria-hidden />}
          onClick={() => {
            setDone(null);
            setOpened(true);
          }}
        >
          Change password
        </Button>
      </Group>
      {/* Always there, so the message is announced when it appears. */}
      <div role="status">
        {done && (
          <Alert mt="sm" color="fairway" variant="light" icon={<IconCircleCheck size={18} aria-hidden />}>
            {done}
          </Alert>
        )}
      </div>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Change password"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        {/* A new form each time the dialog opens: nothing typed before is kept. */}
        {opened && (
          <ChangePasswordForm
            onCancel={() => setOpened(false)}
            onDone={(message) => {
              setOpened(false);
              setDone(message);
            }}
          />
        )}
      </Modal>
    </Card>
  );
}

import { Card, Switch, Text } from '@mantine/core';
import { useMessageDigest, useSetMessageDigest } from '../api/message-digest';

/** The own profile's switch for e-mails about missed messages (at most one an hour). */
export function MessageDigestSwitch() {
  const digest = useMessageDigest();
  const set = useSetMessageDigest();
  return (
    <Card withBorder shadow="xs">
      <Switch
        label="E-mail me about messages I miss"
        description="At most one e-mail an hour, only while messages wait unread."
        checked={digest.data?.email_digest ?? true}
        disabled={digest.isPending || set.isPending}
        onChange={(e) => set.mutate({ email_digest: e.currentTarget.checked })}
        data-testid="message-digest"
      />
      {set.isError && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          Failed to update profile
        </Text>
      )}
    </Card>
  );
}

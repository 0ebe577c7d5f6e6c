import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AuthShell } from '../../../components/AuthShell';

/** A mailed link that cannot be used: why, and where to go instead (the first way is the main one). */
export function LinkFailure(props: {
  title: string;
  icon: ReactNode;
  message: string;
  ways: Array<{ to: string; label: string }>;
}) {
  return (
    <AuthShell title={props.title}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          {props.icon}
        </ThemeIcon>
        <Text role="alert">{props.message}</Text>
        <Stack gap="xs" w="100%">
          {props.ways.map((way, index) => (
            <Button key={way.to} component={Link} to={way.to} variant={index === 0 ? undefined : 'default'}>
              {way.label}
            </Button>
          ))}
        </Stack>
      </Stack>
    </AuthShell>
  );
}

import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="fairway.7" lh={1}>
          404
        </Text>
        <Title order={1}>This page is out of bounds</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={paths.home.href()}>
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

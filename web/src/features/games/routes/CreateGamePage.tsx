import { Container, Stack, Text, Title } from '@mantine/core';
import { CreateGameForm } from '../components/CreateGameForm';

/** Spec 2 "Create member game" (/create-game): behind the login and membership guards. */
export function CreateGamePage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Create Game</Title>
          <Text c="dimmed" mt={4}>
            Set up a game at a venue; golfers ask to join and you approve who plays.
          </Text>
        </div>
        <CreateGameForm />
      </Stack>
    </Container>
  );
}

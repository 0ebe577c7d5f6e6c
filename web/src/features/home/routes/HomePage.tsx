import {
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { FeaturedGolfers } from '../components/FeaturedGolfers';
import { HeroArt } from '../components/HeroArt';
import classes from './HomePage.module.css';

const FEATURES = [
  {
    icon: IconUsersGroup,
    title: 'Find Partners',
    text: 'Meet golfers of your level near you and never be short of a fourth for the weekend round.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Organize Games',
    text: 'Set up a game, choose the course and the tee time, and approve who joins.',
  },
  {
    icon: IconMapPin,
    title: 'Explore Facilities',
    text: 'Discover courses, driving ranges and practice facilities across Australia.',
  },
];

export function HomePage() {
  // A signed-in person has an account already: the hero's first step is their profile instead.
  const { isLoggedIn } = useSession();
  const firstStep = isLoggedIn
    ? { label: 'My Profile', to: paths.profile.href() }
    : { label: 'Get Started', to: paths.register.href() };
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 64, md: 112 }}>
          <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
            <Stack gap="lg" maw={640}>
              <Text tt="uppercase" fw={700} c="sand.3" size="sm" style={{ letterSpacing: '0.12em' }}>
                Golf, together
              </Text>
              <Title order={1} className={classes.title}>
                Your next round starts with the right partners
              </Title>
              <Text size="lg" c="fairway.0">
                LinksMate connects golfers across Australia. Find playing partners and coaches, organise games
                and discover courses — with $20M insurance and an official handicap for members.
              </Text>
              <Group gap="md">
                <Button component={Link} to={firstStep.to} size="lg" color="sand.4" c="dark.9">
                  {firstStep.label}
                </Button>
                <Button
                  component={Link}
                  to={paths.findGolfers.href()}
                  size="lg"
                  variant="white"
                  color="fairway.8"
                >
                  Find Golf Partners
                </Button>
              </Group>
            </Stack>
            <Box visibleFrom="md" style={{ flex: '0 1 420px' }}>
              <HeroArt />
            </Box>
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder={false} bg="gray.0">
              <ThemeIcon size={48} radius="md" variant="light">
                <Icon size={26} aria-hidden />
              </ThemeIcon>
              <Title order={2} size="h3" mt="md">
                {title}
              </Title>
              <Text c="dimmed" mt="xs">
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="gray.0">
        <Container size="lg" py={72}>
          <Group justify="space-between" align="end" mb="xl">
            <div>
              <Title order={2}>Featured Golfers</Title>
              <Text c="dimmed">Golfers of every level looking for a game.</Text>
            </div>
            <Button component={Link} to={paths.findGolfers.href()} variant="light">
              View All Golfers
            </Button>
          </Group>
          <FeaturedGolfers />
        </Container>
      </Box>
    </>
  );
}

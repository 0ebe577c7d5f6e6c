import { requiresMembership } from '@linksmate/proto/rules/membership';
import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';
import { useLogout, useSession } from '../../lib/session-context';
import classes from './Footer.module.css';

interface FooterSection {
  title: string;
  links: Array<{ label: string; to: string }>;
}

const NAVIGATION: FooterSection = {
  title: 'Navigation',
  links: [
    { label: 'Home', to: paths.home.href() },
    { label: 'Find Golfers', to: paths.findGolfers.href() },
    { label: 'My Profile', to: paths.profile.href() },
  ],
};

const SIGNED_OUT_ACCOUNT: FooterSection = {
  title: 'Account',
  links: [
    { label: 'Login', to: paths.login.href() },
    { label: 'Register', to: paths.register.href() },
  ],
};

/**
 * Signed in, logging in or registering makes no sense: the membership (for those who need one;
 * coaches and staff have access without) and a way out instead.
 */
const signedInAccount = (role: string | null): FooterSection => ({
  title: 'Account',
  links: requiresMembership(role) ? [{ label: 'Membership', to: paths.membership.href() }] : [],
});

const LEGAL: FooterSection = {
  title: 'Legal',
  links: [
    { label: 'Terms of Service', to: paths.terms.href() },
    { label: 'Privacy Policy', to: paths.privacy.href() },
  ],
};

// The spec gives the social links placeholder targets.
const SOCIAL = [
  { label: 'LinksMate on Facebook', icon: IconBrandFacebook },
  { label: 'LinksMate on Instagram', icon: IconBrandInstagram },
  { label: 'LinksMate on X', icon: IconBrandX },
  { label: 'LinksMate on YouTube', icon: IconBrandYoutube },
];

export function Footer() {
  const { isLoggedIn, role } = useSession();
  const logout = useLogout();
  const sections = [NAVIGATION, isLoggedIn ? signedInAccount(role) : SIGNED_OUT_ACCOUNT, LEGAL];
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Logo inverted />
            <Text size="sm" c="fairway.1" maw={280}>
              Connects golfers, finds playing partners, organises games and discovers courses.
            </Text>
            <Group gap="xs">
              {SOCIAL.map(({ label, icon: Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href="#"
                  variant="subtle"
                  color="gray.0"
                  size="lg"
                  aria-label={label}
                  onClick={(event) => event.preventDefault()}
                >
                  <Icon size={20} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          {sections.map((section) => (
            <Stack key={section.title} gap="xs" align="flex-start">
              <Title order={2} size="sm" c="white" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
                {section.title}
              </Title>
              {section.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" className={classes.link}>
                  {link.label}
                </Anchor>
              ))}
              {isLoggedIn && section.title === 'Account' && (
                <Anchor component="button" type="button" onClick={logout} size="sm" className={classes.link}>
                  Logout
                </Anchor>
              )}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="fairway.2" mt={40}>
          © {new Date().getFullYear()} LinksMate. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}

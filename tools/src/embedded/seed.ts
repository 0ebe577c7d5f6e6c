import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';

export const DEMO_PASSWORD = 'Fairway!2026';

/** The demo people a newcomer can log in as at once. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@linksmate.dev', username: 'admin', first_name: 'Alex', last_name: 'Admin' },
  {
    role: 'coach',
    email: 'coach@linksmate.dev',
    username: 'coach_sam',
    first_name: 'Sam',
    last_name: 'Fairweather',
    skill_level: 'pro',
    manual_handicap: 0,
  },
  {
    role: 'member',
    email: 'olivia@linksmate.dev',
    username: 'olivia_n',
    first_name: 'Olivia',
    last_name: 'Nguyen',
    skill_level: 'intermediate',
    manual_handicap: 14.2,
    club_memberships_text: 'Royal Melbourne Golf Club',
  },
  {
    role: 'member',
    email: 'jack@linksmate.dev',
    username: 'jack_t',
    first_name: 'Jack',
    last_name: 'Thompson',
    skill_level: 'advanced',
    manual_handicap: 6.8,
    club_memberships_text: 'The Australian Golf Club',
  },
  {
    role: 'member',
    email: 'mia@linksmate.dev',
    username: 'mia_p',
    first_name: 'Mia',
    last_name: 'Patel',
    skill_level: 'beginner',
    manual_handicap: 28,
  },
  {
    role: 'member',
    email: 'liam@linksmate.dev',
    username: 'liam_oc',
    first_name: 'Liam',
    last_name: "O'Connor",
    skill_level: 'intermediate',
    manual_handicap: 18.5,
  },
] as const;

/** Creates the demo accounts that do not exist yet; running it again changes nothing. */
export async function seedDemoData(identityUrl: string, serviceToken: string): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const response = await fetch(`${identityUrl}/internal/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: serviceToken },
      body: JSON.stringify({ ...account, password: DEMO_PASSWORD, verified: true }),
    });
    if (response.status !== 201 && response.status !== 409) {
      throw new Error(`Seeding ${account.email} failed: ${response.status} ${await response.text()}`);
    }
  }
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map(
    (a) => `    ${a.email.padEnd(width)}  ${a.role.padEnd(7)}  password ${DEMO_PASSWORD}`,
  ).join('\n');
}

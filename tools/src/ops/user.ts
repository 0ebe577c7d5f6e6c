import { unlockAccount } from '@linksmate/identity/ops';
import { databaseUrls } from './settings';
import { UsageError, type Verb } from './verb';

export const userVerbs: Verb[] = [
  {
    words: ['user', 'unlock'],
    synopsis: '<email>',
    summary: "clear the login guard's failures on an account",
    help: [
      "Clears the account's failed logins as a password reset does: strangers' failures so far stop",
      'making its owner wait or locking the account. The limit on failures from one network address is',
      "that network's and stays. The account's version moves on and identity publishes it (outbox).",
      "Database: IDENTITY_DATABASE_URL, DATABASE_URL in identity's pod, or --embedded.",
    ].join('\n'),
    options: {},
    async run({ positionals, context }) {
      const [email, ...extra] = positionals;
      if (!email || extra.length) throw new UsageError('give one e-mail address');
      const unlocked = await unlockAccount(databaseUrls(['identity'], context).get('identity')!, email);
      if (!unlocked)
        return { data: { unlocked: false, email }, text: `No account has ${email}.`, exitCode: 1 };
      return {
        data: { unlocked: true, email: unlocked.email, user_id: unlocked.userId },
        text: `Unlocked ${unlocked.email} (user ${unlocked.userId}): its failed logins no longer count.`,
      };
    },
  },
];

import { keyStatus, resealKeys, resetKeys, rotateKeys } from '@linksmate/identity/ops';
import { databaseUrls } from './settings';
import { table, UsageError, type Verb } from './verb';

const DATABASE_HELP = "Database: IDENTITY_DATABASE_URL, DATABASE_URL in identity's pod, or --embedded.";
const SEALING_HELP =
  "KEY_ENCRYPTION_KEY (and KEY_ENCRYPTION_KEY_PREVIOUS while it rotates) as identity has them: run it in identity's pod.";

const identityUrl = (context: Parameters<Verb['run']>[0]['context']) =>
  databaseUrls(['identity'], context).get('identity')!;

const noPositionals = (positionals: string[]) => {
  if (positionals.length) throw new UsageError(`unexpected ${positionals.join(' ')}`);
};

const when = (date: Date | null) => (date ? date.toISOString().replace('.000Z', 'Z') : '-');

export const keysVerbs: Verb[] = [
  {
    words: ['keys', 'status'],
    synopsis: '',
    summary: 'the token signing keys published, which one signs, when each retires',
    help: ['Lists the signing keys in the JWKS, newest first.', DATABASE_HELP].join('\n'),
    options: {},
    async run({ positionals, context }) {
      noPositionals(positionals);
      const keys = await keyStatus(identityUrl(context));
      return {
        data: keys,
        text: table(
          ['kid', 'signs from', 'retires at', 'signing'],
          keys.map((k) => [k.kid, when(k.signsFrom), when(k.retiredAt), k.signing ? 'yes' : '']),
        ),
      };
    },
  },
  {
    words: ['keys', 'rotate'],
    synopsis: '',
    summary: 'add a new token signing key and retire the others once their tokens expire',
    help: [
      'Adds a signing key: published (JWKS) at once, signing two minutes later, when every identity',
      'replica has read it and every verifier can know it. The other keys stay published until the',
      'access-token lifetime and a minute more have passed after that, so no token stops verifying',
      'before it expires and nobody is signed out. Private halves of keys retired earlier are deleted.',
      DATABASE_HELP,
      SEALING_HELP,
    ].join('\n'),
    options: {},
    async run({ positionals, context }) {
      noPositionals(positionals);
      const rotation = await rotateKeys(identityUrl(context), context.env);
      const retiring = rotation.retiring.map((r) => `${r.kid} retires at ${when(r.retiredAt)}`);
      return {
        data: rotation,
        text: [
          `New key ${rotation.kid}: published now, signs from ${when(rotation.signsFrom)}.`,
          ...retiring,
          ...(rotation.forgotten.length
            ? [`Private halves deleted (retired keys): ${rotation.forgotten.join(', ')}`]
            : []),
        ].join('\n'),
      };
    },
  },
  {
    words: ['keys', 'reseal'],
    synopsis: '',
    summary: 'seal every kept private key with the current KEY_ENCRYPTION_KEY',
    help: [
      'The middle step of rotating KEY_ENCRYPTION_KEY: after identity runs with the new key as',
      'KEY_ENCRYPTION_KEY and the old one as KEY_ENCRYPTION_KEY_PREVIOUS, this seals every kept',
      'private key with the new one; then KEY_ENCRYPTION_KEY_PREVIOUS can go.',
      DATABASE_HELP,
      SEALING_HELP,
    ].join('\n'),
    options: {},
    async run({ positionals, context }) {
      noPositionals(positionals);
      const result = await resealKeys(identityUrl(context), context.env);
      return {
        data: result,
        text: `Resealed ${result.resealed} key(s) with the current key; ${result.current} already were.`,
      };
    },
  },
  {
    words: ['keys', 'reset'],
    synopsis: '--yes',
    summary: 'retire every signing key at once (when KEY_ENCRYPTION_KEY is lost)',
    help: [
      'For when the KEY_ENCRYPTION_KEY that sealed the signing keys is lost (identity then stops at',
      'start, naming the key it needs). Retires every key now and deletes the private halves; the next',
      "identity start makes a new key. Every access token signed so far stops verifying: people's",
      'apps get new ones through their refresh tokens, so nobody has to log in again. Cannot be undone:',
      'give --yes to confirm.',
      DATABASE_HELP,
    ].join('\n'),
    options: { yes: { type: 'boolean' } },
    async run({ positionals, values, context }) {
      noPositionals(positionals);
      if (values.yes !== true)
        throw new UsageError(
          'keys reset retires every signing key and cannot be undone: add --yes to go ahead',
        );
      const retired = await resetKeys(identityUrl(context));
      return {
        data: { retired },
        text: `Retired ${retired.length} key(s): ${retired.join(', ') || 'none'}. Restart identity to make a new one.`,
      };
    },
  },
];

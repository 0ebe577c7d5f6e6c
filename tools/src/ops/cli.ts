import { parseArgs } from 'node:util';
import { ConfigError, DEFAULT_QUEUE_PREFIX } from '@linksmate/platform';
import { ConfigProblem, type OpsContext, UsageError, type Verb } from './verb';
import { VERBS } from './verbs';

export interface OpsIo {
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Tests only: their buses name queues apart on a shared broker. */
  queuePrefix?: string;
}

const COMMAND = 'ops';
const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  embedded: { type: 'boolean' },
} as const;

const GLOBAL_HELP = [
  'Options every verb takes:',
  '  --json       machine-readable output',
  '  --embedded   the databases of the embedded run (npm start), from its DATA_DIR',
  '  --help       what the verb does',
].join('\n');

function usage(): string {
  const width = Math.max(...VERBS.map((v) => `${v.words.join(' ')} ${v.synopsis}`.length));
  return [
    `Usage: npm run ops -- <verb> [options]     (in the image: node dist/ops/main.js <verb>)`,
    '',
    'Verbs:',
    ...VERBS.map((v) => `  ${`${v.words.join(' ')} ${v.synopsis}`.padEnd(width)}  ${v.summary}`),
    '',
    GLOBAL_HELP,
    '',
    'Configuration: <SERVICE>_DATABASE_URL (IDENTITY_, PAYMENTS_, EVENTS_, VENUES_, MESSAGING_, ADMIN_),',
    "DATABASE_URL inside one service's pod for that service, AMQP_URL for the dead-letter queues.",
    'Exit codes: 0 done, 1 failed or nothing matched, 2 wrong command line or configuration.',
  ].join('\n');
}

const verbHelp = (verb: Verb) =>
  `Usage: ${COMMAND} ${verb.words.join(' ')} ${verb.synopsis}\n\n${verb.help}\n\n${GLOBAL_HELP}`;

/** The verb the arguments start with, and what follows its words. */
function findVerb(argv: string[]): { verb: Verb; rest: string[] } {
  const verb = VERBS.find((v) => v.words.every((word, i) => argv[i] === word));
  if (verb) return { verb, rest: argv.slice(verb.words.length) };
  const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2);
  const group = VERBS.filter((v) => v.words.length > 1 && v.words[0] === argv[0]);
  if (group.length)
    throw new UsageError(
      `${argv[0]} needs one of: ${group.map((v) => v.words.slice(1).join(' ')).join(', ')}`,
    );
  throw new UsageError(words.length ? `unknown verb: ${words.join(' ')}` : 'no verb given');
}

/** Runs the operator command; resolves with its exit code. */
export async function runOps(argv: string[], io: OpsIo): Promise<number> {
  let verb: Verb | undefined;
  try {
    if (!argv.length || (argv.length === 1 && ['--help', '-h', 'help'].includes(argv[0]!))) {
      (argv.length ? io.stdout : io.stderr)(`${usage()}\n`);
      return argv.length ? 0 : 2;
    }
    const found = findVerb(argv);
    verb = found.verb;
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({
        args: found.rest,
        options: { ...verb.options, ...GLOBAL_OPTIONS },
        allowPositionals: true,
        strict: true,
      });
    } catch (err) {
      throw new UsageError((err as Error).message, verb);
    }
    if (parsed.values.help) {
      io.stdout(`${verbHelp(verb)}\n`);
      return 0;
    }
    const context: OpsContext = {
      env: io.env,
      embedded: parsed.values.embedded === true,
      queuePrefix: io.queuePrefix ?? DEFAULT_QUEUE_PREFIX,
    };
    const result = await verb.run({
      positionals: parsed.positionals,
      values: parsed.values as Record<string, string | boolean | string[] | undefined>,
      context,
    });
    io.stdout(`${parsed.values.json ? JSON.stringify(result.data, null, 2) : result.text}\n`);
    return result.exitCode ?? 0;
  } catch (err) {
    if (err instanceof UsageError) {
      const shown = err.verb ?? verb;
      io.stderr(`${COMMAND}: ${err.message}\n\n${shown ? verbHelp(shown) : usage()}\n`);
      return 2;
    }
    if (err instanceof ConfigProblem) {
      io.stderr(`${COMMAND}: ${err.message}\n`);
      return 2;
    }
    // A service's own settings the verb reads (identity's KEY_ENCRYPTION_KEY, say), every problem at once.
    if (err instanceof ConfigError) {
      io.stderr(`${COMMAND}: ${err.problems.join('; ')}\n`);
      return 2;
    }
    io.stderr(`${COMMAND}: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  }
}

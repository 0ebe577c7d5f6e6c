import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ConfigError, loadConfig } from '@linksmate/platform/config';
import { useCompileCache } from './compile-cache';
import { EmbeddedConfigSchema, SERVICE_DATABASES } from './config';
import { phaseBegins, phaseSinceProcessStart, timed } from './phases';
import { type EmbeddedDatabase, EmbeddedPostgresProblem, startEmbeddedPostgres } from './postgres';
import { currentPostgresTemplate } from './postgres-template';

const started = Date.now();
phaseSinceProcessStart('load modules');
// The services' code, loaded below, from V8's code compiled at an earlier start (or by prepare.ts).
useCompileCache();
// Ctrl+C while the platform is still starting would otherwise end node at once and leave its
// PostgreSQL running: it is heard from the start, and acted on as soon as there is a stack to close.
let stopRequested = false;
let stopNow: (() => void) | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (!stopRequested && !stopNow) console.log('\n  Stopping LinksMate once it has started…');
    stopRequested = true;
    stopNow?.();
  });
let database: Promise<EmbeddedDatabase> | undefined;
try {
  const config = loadConfig(EmbeddedConfigSchema, process.env, 'embedded run');
  // PostgreSQL sets up its data folder and starts while node loads the services' code (seconds each).
  const verbose = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
  let programStarted = () => {};
  const postgresAtWork = new Promise<void>((resolve) => {
    programStarted = resolve;
  });
  database = startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    dataDirChosen: Boolean(process.env.DATA_DIR),
    port: config.EMBEDDED_PG_PORT,
    databases: Object.values(SERVICE_DATABASES),
    beforeDatabasesMade: true,
    // A fresh data folder starts as a copy of the template the build made, when it is current.
    template: currentPostgresTemplate(),
    log: verbose ? (line) => console.debug(`postgres: ${line}`) : undefined,
    programStarted: () => programStarted(),
  });
  // A failure is reported where the stack awaits it, not as an unhandled rejection meanwhile.
  database.catch(() => {});
  // Evaluating the services' code holds the event loop for a second or more: the steps before
  // initdb (or the server) would wait behind it, and initdb would start only after it.
  await timed('postgres program started', () =>
    Promise.race([
      postgresAtWork,
      database!.then(
        () => {},
        () => {},
      ),
    ]),
  );
  const [{ startStack }, { demoLoginsText }] = await timed('load services', () =>
    Promise.all([import('./stack'), import('./seed')]),
  );
  const stack = await startStack(process.env, { databases: () => database! });
  // Seeding leaves garbage the heap would shed only over the next minute: shed it now, once.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  phaseBegins('idle');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n  Stopping LinksMate…');
    await stack.close();
    process.exit(0);
  };
  stopNow = () => void stop();
  if (stopRequested) await stop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `  LinksMate is running (ready in ${seconds} s)`,
      '',
      `  Open ${stack.url}`,
      '',
      '  Demo logins:',
      demoLoginsText(),
      '',
      `  Mail sent by the platform (verification, password reset) lands in ${stack.url}/dev/mailbox`,
      '',
      `  Metrics of every service and the gateway (Prometheus format): ${stack.metricsUrl}`,
      `  and the live figures a person reads: ${stack.url}/dev/metrics`,
      '',
      '  Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
} catch (err) {
  // The stack stops its PostgreSQL when it fails; this one is for a failure before there was a stack.
  await database?.then((d) => d.stop()).catch(() => {});
  // What the person can fix is said in a line; anything else comes with its stack.
  console.error(err instanceof ConfigError || err instanceof EmbeddedPostgresProblem ? err.message : err);
  process.exit(1);
}

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ConfigError } from '@linksmate/platform';
import { phaseBegins, phaseSinceProcessStart } from './phases';
import { EmbeddedPostgresProblem } from './postgres';
import { demoLoginsText } from './seed';
import { startStack } from './stack';

const started = Date.now();
phaseSinceProcessStart('load modules');
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
try {
  const stack = await startStack();
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
      '  Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
} catch (err) {
  // What the person can fix is said in a line; anything else comes with its stack.
  console.error(err instanceof ConfigError || err instanceof EmbeddedPostgresProblem ? err.message : err);
  process.exit(1);
}

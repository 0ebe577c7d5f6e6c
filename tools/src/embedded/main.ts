import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ConfigError } from '@linksmate/platform';
import { EmbeddedPostgresProblem } from './postgres';
import { demoLoginsText } from './seed';
import { startStack } from './stack';

const started = Date.now();
try {
  const stack = await startStack();
  // Seeding leaves garbage the heap would shed only over the next minute: shed it now, once.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
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
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n  Stopping LinksMate…');
    await stack.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
} catch (err) {
  // What the person can fix is said in a line; anything else comes with its stack.
  console.error(err instanceof ConfigError || err instanceof EmbeddedPostgresProblem ? err.message : err);
  process.exit(1);
}

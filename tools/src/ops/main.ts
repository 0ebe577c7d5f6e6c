// The operator command: `npm run ops -- <verb>`, and in the image `node dist/ops/main.js <verb>`
// (tools/build/bundle.mjs). README "Operator command" lists the verbs; verbs.ts holds them.
import { runOps } from './cli';

process.exitCode = await runOps(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});

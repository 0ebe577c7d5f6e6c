import { Writable } from 'node:stream';
import pino from 'pino';
import { type Logger, loggerOptions } from '../logger';

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines: Array<Record<string, unknown>>;
}

/** A logger made as the services make theirs (the same options, mixin included), whose lines a test reads. */
export function capturingLogger(name: string, level = 'debug'): CapturedLogs {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino(loggerOptions(name, level), stream) };
}

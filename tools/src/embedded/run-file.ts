import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How other processes on the machine find the running embedded run's databases: while it runs,
 * `<DATA_DIR>/embedded-run.json` holds each service's connection string (the embedded PostgreSQL's
 * port is EMBEDDED_PG_PORT's, whatever it was set to). The operator command reads it with
 * `--embedded`. Written once the databases are up, removed at a clean stop; a killed run leaves it,
 * naming a server that no longer answers.
 */
export const EMBEDDED_RUN_FILE = 'embedded-run.json';

export interface EmbeddedRun {
  pid: number;
  startedAt: string;
  /** By service name (identity, membership-payments, …). */
  databaseUrls: Record<string, string>;
}

export function writeEmbeddedRun(dataDir: string, databaseUrls: Record<string, string>): () => void {
  const path = join(dataDir, EMBEDDED_RUN_FILE);
  const run: EmbeddedRun = { pid: process.pid, startedAt: new Date().toISOString(), databaseUrls };
  // Only its owner reads it: it holds the database password.
  writeFileSync(path, `${JSON.stringify(run, null, 2)}\n`, { mode: 0o600 });
  return () => rmSync(path, { force: true });
}

/** The embedded run recorded in `dataDir`, or undefined when none is. */
export function readEmbeddedRun(dataDir: string): EmbeddedRun | undefined {
  try {
    return JSON.parse(readFileSync(join(dataDir, EMBEDDED_RUN_FILE), 'utf8')) as EmbeddedRun;
  } catch {
    return undefined;
  }
}

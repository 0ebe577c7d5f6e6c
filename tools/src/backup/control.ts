import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAbsolute, join } from 'node:path';
import type { BackupResult } from './backup';

/**
 * How `make backup` reaches a running embedded platform: a loopback-only HTTP endpoint whose
 * address and token the run writes to its data folder, readable by its owner alone. Whoever can
 * read that file can read the data folder itself, so the token gives nothing more.
 */
export const CONTROL_FILE = 'control.json';

interface ControlFile {
  url: string;
  token: string;
  pid: number;
}

export interface ControlHandlers {
  backup(archive: string): Promise<BackupResult>;
}

export class ControlServer {
  private busy = false;

  private constructor(
    private readonly server: Server,
    private readonly file: string,
  ) {}

  static async start(dataDir: string, handlers: ControlHandlers): Promise<ControlServer> {
    const token = randomBytes(32).toString('base64url');
    const expected = Buffer.from(`Bearer ${token}`);
    const authorised = (req: IncomingMessage) => {
      const given = Buffer.from(req.headers.authorization ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    let control: ControlServer | undefined;
    const server = createServer(async (req, res) => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!authorised(req)) return reply(401, { error: 'unauthorised' });
      if (req.method === 'GET' && req.url === '/status') return reply(200, { pid: process.pid });
      if (req.method !== 'POST' || req.url !== '/backup') return reply(404, { error: 'not found' });
      let body = '';
      for await (const chunk of req) {
        body += chunk;
        if (body.length > 64 * 1024) return reply(413, { error: 'too large' });
      }
      const archive = (JSON.parse(body || '{}') as { archive?: unknown }).archive;
      if (typeof archive !== 'string' || !isAbsolute(archive))
        return reply(400, { error: 'archive: an absolute path is required' });
      if (control!.busy) return reply(409, { error: 'a backup is already being taken' });
      control!.busy = true;
      try {
        reply(200, await handlers.backup(archive));
      } catch (err) {
        reply(500, { error: (err as Error).message });
      } finally {
        control!.busy = false;
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const file = join(dataDir, CONTROL_FILE);
    const content: ControlFile = { url, token, pid: process.pid };
    await rm(file, { force: true });
    await writeFile(file, JSON.stringify(content), { mode: 0o600, flag: 'wx' });
    control = new ControlServer(server, file);
    return control;
  }

  async close(): Promise<void> {
    await rm(this.file, { force: true });
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

function call<T>(
  run: ControlFile,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${run.url}${path}`,
      { method, headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The run serving this data folder, if one answers; a file left by a run that died is ignored. */
export async function liveRun(dataDir: string): Promise<ControlFile | undefined> {
  const file = join(dataDir, CONTROL_FILE);
  if (!existsSync(file)) return undefined;
  const run = JSON.parse(readFileSync(file, 'utf8')) as ControlFile;
  try {
    const answer = await call(run, 'GET', '/status');
    return answer.status === 200 ? run : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the running platform to write the archive; it holds its events still while it snapshots. */
export async function backupThroughRun(run: ControlFile, archive: string): Promise<BackupResult> {
  const answer = await call<BackupResult & { error?: string }>(run, 'POST', '/backup', { archive });
  if (answer.status !== 200) throw new Error(`The running platform could not back up: ${answer.body.error}`);
  return answer.body;
}

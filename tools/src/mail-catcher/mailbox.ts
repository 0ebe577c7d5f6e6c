import { createServer, type Server } from 'node:http';
import { listenOn } from '@linksmate/platform/edge';
import type { MailboxReply } from '@linksmate/proto';
import type { MailCatcher } from './catcher';

/** Where the mailbox answers: the API path the gateway forwards `/api/v1/dev/mailbox` as. */
export const MAILBOX_PATH = '/dev/mailbox';

export function mailboxReply(catcher: MailCatcher): MailboxReply {
  return {
    messages: catcher.messages().map((m) => ({
      id: m.id,
      to: m.to.join(', '),
      subject: m.subject,
      sent_at: m.receivedAt,
      text: m.text,
      links: m.links,
    })),
  };
}

/**
 * The catcher's HTTP side, for development: `GET /dev/mailbox` answers what it caught, newest
 * first. The gateway exposes it when DEV_MAILBOX_URL points here.
 */
export class MailboxServer {
  private server?: Server;
  url = '';

  constructor(private readonly catcher: MailCatcher) {}

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const found = path === MAILBOX_PATH && (req.method === 'GET' || req.method === 'HEAD');
      res.writeHead(found ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(found ? mailboxReply(this.catcher) : { error: 'Not found', code: 'not_found' }));
    });
    this.server = server;
    this.url = `http://${host}:${(await listenOn(server, port, host)).port}`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

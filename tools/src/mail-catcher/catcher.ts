import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;
const MAX_KEPT = 500;

/**
 * A real SMTP server that keeps what it receives in memory: the embedded run's mailbox and the
 * tests' mail server. It can be told to refuse mail, as a failing server would.
 */
export class MailCatcher {
  private readonly caught: CaughtMail[] = [];
  private readonly waiters = new Set<() => void>();
  private server?: SMTPServer;
  /** While set, every message is refused with a temporary failure. */
  refusing = false;
  port = 0;

  async start(port = 0, host = '127.0.0.1'): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      banner: 'LinksMate development mail catcher',
      size: 25 * 1024 * 1024,
      onData: (stream, _session, callback) => {
        if (this.refusing) {
          stream.resume();
          stream.on('end', () => {
            const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
          });
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
              a.value.map((v) => v.address ?? ''),
            );
            this.caught.unshift({
              id: randomUUID(),
              from: parsed.from?.text ?? '',
              to,
              subject: parsed.subject ?? '',
              text,
              html,
              links: [...new Set(text.match(LINK) ?? [])],
              receivedAt: new Date().toISOString(),
            });
            this.caught.length = Math.min(this.caught.length, MAX_KEPT);
            for (const waiter of this.waiters) waiter();
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.port;
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Newest first. */
  messages(): CaughtMail[] {
    return [...this.caught];
  }

  messagesTo(address: string): CaughtMail[] {
    return this.caught.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  }

  /** Resolves with the first mail matching, waiting for it to arrive. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> {
    const found = this.caught.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = this.caught.find(match);
        if (!mail) return;
        cleanup();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error('expected mail did not arrive in time'));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  clear(): void {
    this.caught.length = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

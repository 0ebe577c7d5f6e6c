import nodemailer, { type Transporter } from 'nodemailer';
import { emailsSent } from '../metrics';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves with the server's message id once the SMTP server accepted the mail. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** Mail over SMTP through nodemailer, pooled connections. */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(options.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    pool: true,
    maxConnections: 3,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from: options.from, ...mail });
        emailsSent.inc({ outcome: 'sent' });
        return { messageId: info.messageId };
      } catch (err) {
        emailsSent.inc({ outcome: 'failed' });
        throw err;
      }
    },
    close: () => transport.close(),
  };
}

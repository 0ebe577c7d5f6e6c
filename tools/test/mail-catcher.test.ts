import { createSmtpMailer, type Mailer } from '@linksmate/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailboxServer, MailCatcher } from '../src/mail-catcher';

describe('development mail catcher', () => {
  const catcher = new MailCatcher();
  const mailbox = new MailboxServer(catcher);
  let mailer: Mailer;

  beforeAll(async () => {
    await catcher.start();
    await mailbox.start();
    mailer = createSmtpMailer({ smtpUrl: catcher.smtpUrl, from: 'LinksMate <no-reply@linksmate.test>' });
  });

  afterAll(async () => {
    mailer?.close();
    await mailbox.close();
    await catcher.stop();
  });

  it('when mail arrives over SMTP, then GET /dev/mailbox shows it newest first, with its links', async () => {
    await mailer.send({
      to: 'first@example.com',
      subject: 'Verify your email for LinksMate',
      text: 'Hi first,\nVerify: http://localhost:8080/verify-email?token=a\n',
      html: '<p>Verify</p>',
    });
    await mailer.send({
      to: 'second@example.com',
      subject: 'Reset your LinksMate password',
      text: 'Reset your password: http://localhost:8080/reset-password?token=b\n',
      html: '<p>Reset</p>',
    });
    const response = await fetch(`${mailbox.url}/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { messages } = (await response.json()) as {
      messages: Array<{
        id: string;
        to: string;
        subject: string;
        sent_at: string;
        text: string;
        links: string[];
      }>;
    };
    expect(messages).toHaveLength(2);
    const [newest, older] = messages;
    expect(newest).toMatchObject({
      to: 'second@example.com',
      subject: 'Reset your LinksMate password',
      links: ['http://localhost:8080/reset-password?token=b'],
    });
    expect(newest!.text).toContain('Reset your password');
    expect(older).toMatchObject({
      to: 'first@example.com',
      links: ['http://localhost:8080/verify-email?token=a'],
    });
    expect(newest!.id).not.toBe(older!.id);
    expect(new Date(newest!.sent_at).getTime()).toBeGreaterThanOrEqual(new Date(older!.sent_at).getTime());
  });

  it('when another path is asked for, then a JSON 404', async () => {
    const response = await fetch(`${mailbox.url}/elsewhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});

import type { HttpApp, MailCatcher } from '@linksmate/platform';
import Type from 'typebox';

const MailboxReply = Type.Object({
  messages: Type.Array(
    Type.Object({
      id: Type.String(),
      to: Type.String(),
      subject: Type.String(),
      sent_at: Type.String(),
      text: Type.String(),
      links: Type.Array(Type.String()),
    }),
  ),
});

/** Development only: what the in-process SMTP catcher received, newest first. */
export function registerDevMailboxRoutes(app: HttpApp, catcher: MailCatcher): void {
  app.get(
    '/dev/mailbox',
    { schema: { tags: ['development'], response: { 200: MailboxReply } } },
    async () => ({
      messages: catcher.messages().map((m) => ({
        id: m.id,
        to: m.to.join(', '),
        subject: m.subject,
        sent_at: m.receivedAt,
        text: m.text,
        links: m.links,
      })),
    }),
  );
}

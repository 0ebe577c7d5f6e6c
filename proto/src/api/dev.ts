import Type from 'typebox';

/** The development mailbox (embedded run only): what the local SMTP catcher received, newest first. */
export const MailboxReply = Type.Object({
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
export type MailboxReply = Type.Static<typeof MailboxReply>;
export type CaughtMailSummary = MailboxReply['messages'][number];

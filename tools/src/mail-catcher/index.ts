export { type CaughtMail, MailCatcher } from './catcher';
export { MAILBOX_PATH, type MailboxReply, MailboxServer, mailboxReply } from './mailbox';

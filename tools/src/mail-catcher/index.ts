export { type CaughtMail, MailCatcher } from './catcher';
export { MAILBOX_PATH, MailboxServer, mailboxReply } from './mailbox';

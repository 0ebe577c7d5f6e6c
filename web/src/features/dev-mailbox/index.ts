export { MailboxPage } from './routes/MailboxPage';

export { useUnreadCount } from './api/get-unread-count';
export { AnnouncementsPage, MessagesPage } from './routes/MessagesPage';

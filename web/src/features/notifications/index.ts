export { NotificationPreferencesCard } from './components/NotificationPreferencesCard';
export { NotificationsPage } from './routes/NotificationsPage';

export { AnnouncementsAdminPage } from './routes/AnnouncementsAdminPage';

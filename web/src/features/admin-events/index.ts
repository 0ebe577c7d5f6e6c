export { EventsAdminPage } from './routes/EventsAdminPage';

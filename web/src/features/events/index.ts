export { EventDetailPage } from './routes/EventDetailPage';
export { EventsPage } from './routes/EventsPage';

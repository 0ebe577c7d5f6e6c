export { CreateEventPage } from './routes/CreateEventPage';

export { BookingsPage } from './routes/BookingsPage';

export { MyBookingsPage } from './routes/MyBookingsPage';

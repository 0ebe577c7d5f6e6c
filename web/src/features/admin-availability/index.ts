export { AvailabilityPage } from './routes/AvailabilityPage';

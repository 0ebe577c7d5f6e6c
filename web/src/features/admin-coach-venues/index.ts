export { CoachVenuesPage } from './routes/CoachVenuesPage';

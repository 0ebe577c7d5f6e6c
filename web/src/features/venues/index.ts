export { VenueByIdPage, VenueBySlugPage } from './routes/VenueDetailPage';
export { VenuesPage } from './routes/VenuesPage';

export { VenueAdminDetailPage } from './routes/VenueAdminDetailPage';
export { VenuesAdminPage } from './routes/VenuesAdminPage';

export { ProfileClaimsPage } from './routes/ProfileClaimsPage';

export { ClaimProfilePage } from './routes/ClaimProfilePage';

export { ProfilePage } from './routes/ProfilePage';

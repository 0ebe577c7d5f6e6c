export { ProfilePage } from './routes/ProfilePage';
export { UserProfilePage } from './routes/UserProfilePage';

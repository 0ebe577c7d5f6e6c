export { CoachesPage } from './routes/CoachesPage';

export { CoachDetailPage } from './routes/CoachDetailPage';
export { FindCoachesPage } from './routes/FindCoachesPage';

export { ProfileHandicapCard } from './components/ProfileHandicapCard';
export { RoundPage } from './routes/RoundPage';
export { RoundsPage } from './routes/RoundsPage';

export { PlayersPage } from './routes/PlayersPage';

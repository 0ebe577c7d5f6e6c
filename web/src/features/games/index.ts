export { CreateGamePage } from './routes/CreateGamePage';
export { MyGamesPage } from './routes/MyGamesPage';

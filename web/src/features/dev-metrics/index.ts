export { LiveFiguresPage } from './routes/LiveFiguresPage';

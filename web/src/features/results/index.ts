export { ResultsPage } from './routes/ResultsPage';
export { ScoringPage } from './routes/ScoringPage';

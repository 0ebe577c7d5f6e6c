export { TransactionsPage } from './routes/TransactionsPage';

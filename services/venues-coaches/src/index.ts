export { buildApp, migrationsFolder } from './app';
export * from './config';
export * as schema from './db/schema';
/** The directory's statement, for running the very SQL `GET /venues` runs (the bench, EXPLAIN), and its search's terms. */
export {
  type DirectoryFilters,
  venueDirectoryQuery,
  venueSearchTermsQuery,
} from './modules/venues/repository';
export { directoryFilters } from './modules/venues/service';

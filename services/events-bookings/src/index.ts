export { buildApp, migrationsFolder } from './app';
export * from './config';
export * as schema from './db/schema';
/** The list's page statement, for running the very SQL `GET /events` runs (the bench). */
export { eventsPageSql, type ListFilters, toQuery } from './modules/events/repository';

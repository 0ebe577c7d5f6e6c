export { buildApp, migrationsFolder } from './app';
export * from './config';
export * as schema from './db/schema';
/** The directory's use case without HTTP: the bench runs its statements straight on PostgreSQL. */
export { DirectoryService } from './modules/directory/service';

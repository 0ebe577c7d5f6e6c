export { buildApp, migrationsFolder } from './app';
export * from './config';
export * as schema from './db/schema';

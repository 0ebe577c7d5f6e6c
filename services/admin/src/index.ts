export { buildApp, migrationsFolder } from './app';
export * from './config';
export * as schema from './db/schema';
export type { PeopleFilter, PeopleOrder } from './modules/directory/service';
export { Directory } from './modules/directory/service';

/** One page of the user list as the bench asks the directory for it. */
export interface AdminUsersListQuery {
  page: number;
  filter: import('./modules/directory/service').PeopleFilter;
  order: import('./modules/directory/service').PeopleOrder;
}

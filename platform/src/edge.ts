/**
 * What a process with no database of its own needs (the gateway): the HTTP app, tokens, the event
 * bus, configuration, logging, object storage and serving. Its own entry point
 * (`@linksmate/platform/edge`), so such a process does not load the database, outbox and mail
 * modules (drizzle-orm, pg, nodemailer): a smaller heap is a cheaper garbage collection.
 */
export * from './auth/guards';
export * from './auth/tokens';
export * from './bus/rabbitmq';
export * from './bus/types';
export * from './config';
export * from './http/access';
export * from './http/app';
export * from './http/error-handler';
export * from './http/errors';
export * from './http/request-id';
export * from './logger';
export * from './metrics';
export * from './service/serve';
export * from './storage/config';
export * from './storage/keys';
export * from './storage/local';
export * from './storage/types';
export * from './tracing';

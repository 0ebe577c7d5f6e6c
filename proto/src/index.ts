export * from './api';
export * from './events';
export * from './http';
export * from './realtime';
export * from './rules';
export * from './rules/courses';
export * from './schema';
export * from './wrapped';

export * from './api';
export * from './events';
export * from './http';
export * from './rules';

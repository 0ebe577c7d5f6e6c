export * from './admin';
export * from './common';
export * from './dev';
export * from './events';
export * from './identity';
export * from './messaging';
export * from './payments';
export * from './venues';

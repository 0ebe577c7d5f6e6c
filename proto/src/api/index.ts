export * from './common';
export * from './dev';
export * from './events';
export * from './identity';
export * from './payments';
export * from './venues';

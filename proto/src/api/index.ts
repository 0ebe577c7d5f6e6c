export * from './common';
export * from './dev';
export * from './identity';
export * from './payments';
export * from './venues';

export * from './bus';
export * from './database';
export * from './infra';
export * from './tcp-proxy';
export * from './tokens';

export * from './bus';
export * from './clock';
export * from './database';
export * from './infra';
export * from './rabbit';
export * from './service';
export * from './tcp-proxy';
export * from './tokens';

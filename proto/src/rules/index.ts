/**
 * Every enumeration, limit and rule the spec fixes, defined once and used by services and web alike.
 * Texts are the spec's own; do not reword them.
 */
// Courses (./courses) are not in this barrel: the web's first screen loads the barrel, and only the
// venue and admin pages need courses, so they import '@linksmate/proto/rules/courses'.
export * from './accounts';
export * from './admin';
export * from './coaches';
export * from './events';
export * from './handicap';
export * from './limits';
export * from './links';
export * from './membership';
export * from './messaging';
export * from './money';
export * from './notifications';
export * from './passwords';
export * from './payments-admin';
export * from './product';
export * from './profile';
export * from './refunds';
export * from './reminders';
export * from './role-changes';
export * from './roles';
export * from './sessions';
export * from './time-zones';
export * from './tokens';
export * from './uploads';
export * from './venues';

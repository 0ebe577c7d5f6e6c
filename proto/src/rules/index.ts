/**
 * Every enumeration, limit and rule the spec fixes, defined once and used by services and web alike.
 * Texts are the spec's own; do not reword them.
 */
// Courses, rounds, results and the handicap module are not in this barrel: the web's first screen
// loads the barrel, and only their own lazy pages need them ('@linksmate/proto/rules/courses' and so
// on); the root '@linksmate/proto' exports them for the services. The first screen imports even the
// rules it needs by file ('@linksmate/proto/rules/limits'), so this barrel loads with later pages only.
export * from './accounts';
export * from './admin';
export * from './coaches';
export * from './events';
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

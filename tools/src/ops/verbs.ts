import { dlqVerbs } from './dlq';
import { keysVerbs } from './keys';
import { mailVerbs } from './mail';
import { migrateVerbs } from './migrate';
import { outboxVerbs } from './outbox';
import { userVerbs } from './user';
import type { Verb } from './verb';

/**
 * Every verb of the operator command, in the order `--help` lists them. A new group is a file of
 * its own exporting its verbs (see verb.ts for what a verb is), added here.
 */
export const VERBS: Verb[] = [
  ...migrateVerbs,
  ...dlqVerbs,
  ...outboxVerbs,
  ...userVerbs,
  ...mailVerbs,
  ...keysVerbs,
];

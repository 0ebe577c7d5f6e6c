import type { Role } from '@linksmate/proto';

/**
 * The seven callers of spec 3: nobody, and each of our six roles, in the order the authorization
 * matrices read them.
 */
export const SEVEN_CALLERS = [
  'anonymous',
  'member',
  'coach',
  'coach_admin',
  'facility_admin',
  'site_admin',
  'admin',
] as const satisfies ReadonlyArray<'anonymous' | Role>;
export type SpecCaller = (typeof SEVEN_CALLERS)[number];

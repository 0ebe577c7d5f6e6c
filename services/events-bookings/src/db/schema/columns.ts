import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with its time zone: every instant this service keeps. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

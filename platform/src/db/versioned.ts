import { sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A projection table: one row per source id, with the source's version of it. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * A projection's row as its source last reported it: inserted, or replacing the kept row only when
 * its version is higher, so a late or repeated event changes nothing and a copy is never rolled
 * back. `set` is what a newer version replaces (by default every column but the id).
 */
export async function upsertNewer<S extends Record<string, unknown>, T extends VersionedTable>(
  db: Executor<S>,
  table: T,
  row: PgInsertValue<T>,
  set?: PgUpdateSetSource<T>,
): Promise<void> {
  const { id: _id, ...rest } = row as Record<string, unknown>;
  await db
    .insert(table)
    .values(row)
    .onConflictDoUpdate({
      target: table.id,
      set: set ?? (rest as PgUpdateSetSource<T>),
      setWhere: sql`excluded.${sql.identifier(table.version.name)} > ${table.version}`,
    });
}

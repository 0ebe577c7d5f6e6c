import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A projection table: one row per source id (its primary key), with the source's version of it. */
export type VersionedTable = PgTable & { version: PgColumn };

/** The table's single-column primary key: its property name and column. */
function primaryKeyOf(table: PgTable): [string, PgColumn] {
  const key = Object.entries(getTableColumns(table)).find(([, column]) => column.primary);
  if (!key) throw new Error('upsertNewer needs a table with a single-column primary key');
  return key as [string, PgColumn];
}

/**
 * A projection's row as its source last reported it: inserted, or replacing the kept row only when
 * its version is higher, so a late or repeated event changes nothing and a copy is never rolled
 * back. `set` is what a newer version replaces (by default every column but the key).
 */
export async function upsertNewer<S extends Record<string, unknown>, T extends VersionedTable>(
  db: Executor<S>,
  table: T,
  row: PgInsertValue<T>,
  set?: PgUpdateSetSource<T>,
): Promise<void> {
  const [keyName, key] = primaryKeyOf(table);
  const { [keyName]: _key, ...rest } = row as Record<string, unknown>;
  await db
    .insert(table)
    .values(row)
    .onConflictDoUpdate({
      target: key,
      set: set ?? (rest as PgUpdateSetSource<T>),
      setWhere: sql`excluded.${sql.identifier(table.version.name)} > ${table.version}`,
    });
}

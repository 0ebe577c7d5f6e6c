import { desc, isNull, sql } from 'drizzle-orm';
import { signingKeys } from '../../db/schema';
import type { Db } from '../../db/types';

/** Advisory lock under which the first signing key is made. */
const SIGNING_KEY_LOCK = 7_001_001;

export type StoredSigningKey = typeof signingKeys.$inferSelect;

/**
 * The unretired signing keys, newest first. When there are none, `generate` makes one under an
 * advisory lock, so replicas starting together agree on one key.
 */
export function activeSigningKeys(
  db: Db,
  generate: () => Promise<{ kid: string; privateJwk: object; publicJwk: object }>,
): Promise<StoredSigningKey[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);
    const active = () =>
      tx.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt));
    const existing = await active();
    if (existing.length) return existing;
    await tx.insert(signingKeys).values(await generate());
    return active();
  });
}

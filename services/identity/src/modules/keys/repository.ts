import { and, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { signingKeys } from '../../db/schema';
import type { Db } from '../../db/types';

/** Advisory lock under which keys are made, rotated and resealed, so replicas agree on one key set. */
const SIGNING_KEY_LOCK = 7_001_001;

export type StoredSigningKey = typeof signingKeys.$inferSelect;
export type NewSigningKey = { kid: string; sealedPrivateKey: string; publicJwk: object };

const lockKeys = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);

const publishedAt = (now: Date) => or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, now));

/** The keys published at `now` (created, not yet retired), the one that signs last first. */
export function publishedSigningKeys(db: Db, now: Date): Promise<StoredSigningKey[]> {
  return db
    .select()
    .from(signingKeys)
    .where(publishedAt(now))
    .orderBy(desc(signingKeys.signsFrom), desc(signingKeys.createdAt));
}

/**
 * The published keys, after sealing any private key still kept in the clear (rows written before
 * keys were sealed) and, when no published key can sign, adding one from `generate` — under an
 * advisory lock, so replicas starting together agree on one key.
 */
export function ensureSigningKeys(
  db: Db,
  options: {
    now: Date;
    generate: () => Promise<NewSigningKey>;
    sealPlaintext: (kid: string, privateJwk: unknown) => string;
  },
): Promise<StoredSigningKey[]> {
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const plaintext = await tx.select().from(signingKeys).where(isNotNull(signingKeys.privateJwk));
    for (const row of plaintext) {
      await tx
        .update(signingKeys)
        .set({
          sealedPrivateKey: row.sealedPrivateKey ?? options.sealPlaintext(row.kid, row.privateJwk),
          privateJwk: null,
        })
        .where(eq(signingKeys.kid, row.kid));
    }
    const published = await publishedSigningKeys(tx, options.now);
    if (published.some((key) => key.sealedPrivateKey)) return published;
    await tx.insert(signingKeys).values({ ...(await options.generate()), signsFrom: options.now });
    return publishedSigningKeys(tx, options.now);
  });
}

/**
 * Adds `key`, published now and signing from `signsFrom`, and schedules every other published key
 * to retire at `retireOthersAt` (a key already due to retire sooner keeps its time).
 */
export function addSigningKey(
  db: Db,
  key: NewSigningKey,
  times: { now: Date; signsFrom: Date; retireOthersAt: Date },
): Promise<{ retiring: { kid: string; retiredAt: Date }[] }> {
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const retiring = await tx
      .update(signingKeys)
      .set({ retiredAt: times.retireOthersAt })
      .where(
        and(
          ne(signingKeys.kid, key.kid),
          or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, times.retireOthersAt)),
        ),
      )
      .returning({ kid: signingKeys.kid, retiredAt: signingKeys.retiredAt });
    await tx.insert(signingKeys).values({ ...key, createdAt: times.now, signsFrom: times.signsFrom });
    return { retiring: retiring.map((r) => ({ kid: r.kid, retiredAt: r.retiredAt! })) };
  });
}

/** Deletes the private halves of keys retired by `now`: they will never sign again. */
export async function forgetRetiredPrivateKeys(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .update(signingKeys)
    .set({ sealedPrivateKey: null, privateJwk: null })
    .where(
      and(
        lte(signingKeys.retiredAt, now),
        or(isNotNull(signingKeys.sealedPrivateKey), isNotNull(signingKeys.privateJwk)),
      ),
    )
    .returning({ kid: signingKeys.kid });
  return rows.map((r) => r.kid);
}

/** Seals every kept private key again with `reseal` (which returns null for one already current). */
export function resealPrivateKeys(
  db: Db,
  reseal: (kid: string, sealed: string) => string | null,
): Promise<{ resealed: number; current: number }> {
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const rows = await tx.select().from(signingKeys).where(isNotNull(signingKeys.sealedPrivateKey));
    let resealed = 0;
    for (const row of rows) {
      const next = reseal(row.kid, row.sealedPrivateKey!);
      if (next === null) continue;
      await tx.update(signingKeys).set({ sealedPrivateKey: next }).where(eq(signingKeys.kid, row.kid));
      resealed++;
    }
    return { resealed, current: rows.length - resealed };
  });
}

/** Retires every published key at once and deletes its private half: the way out of a lost sealing key. */
export async function retireAllSigningKeys(db: Db, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const rows = await tx
      .update(signingKeys)
      .set({ retiredAt: now, sealedPrivateKey: null, privateJwk: null })
      .where(publishedAt(now))
      .returning({ kid: signingKeys.kid });
    return rows.map((r) => r.kid);
  });
}

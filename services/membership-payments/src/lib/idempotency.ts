import { createHash } from 'node:crypto';
import { conflict, type Executor, HttpError, unprocessable } from '@linksmate/platform';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type * as schema from '../db/schema';
import { idempotencyKeys } from '../db/schema';

const KEY_SHAPE = /^[A-Za-z0-9._:-]{8,255}$/;
/**
 * A first run still marked in progress after this long died with its process; a repeat may run
 * again (the provider's own idempotency keys still keep it from charging twice).
 */
const ABANDONED_AFTER_SECONDS = 120;

async function takeOverAbandoned(
  db: Executor<typeof schema>,
  where: SQL | undefined,
  route: string,
  requestHash: string,
): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        where,
        eq(idempotencyKeys.state, 'in_progress'),
        eq(idempotencyKeys.route, route),
        eq(idempotencyKeys.requestHash, requestHash),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/**
 * Honours the Idempotency-Key header: the first request with a key runs, repeats get its answer.
 * A repeat while the first is still running is told to wait; a failed first run frees the key, and
 * the provider's own idempotency keys keep its retry from charging twice.
 */
export async function withIdempotency<T>(
  db: Executor<typeof schema>,
  input: { userId: number; key: string | undefined; route: string; body: unknown },
  run: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  if (!input.key) return { ...(await run()), replayed: false };
  if (!KEY_SHAPE.test(input.key))
    throw unprocessable('Idempotency-Key must be 8 to 255 letters, digits or ._:-', {
      'Idempotency-Key': 'Invalid key',
    });
  const requestHash = createHash('sha256')
    .update(`${input.route}\n${JSON.stringify(input.body ?? null)}`)
    .digest('hex');
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: input.userId, key: input.key, route: input.route, requestHash, state: 'in_progress' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length && !(await takeOverAbandoned(db, where, input.route, requestHash))) {
    const [previous] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (previous && (previous.route !== input.route || previous.requestHash !== requestHash)) {
      throw new HttpError(
        422,
        'This Idempotency-Key was used for a different request.',
        'idempotency_key_reused',
      );
    }
    if (previous?.state === 'completed') {
      return { status: previous.responseStatus ?? 200, body: previous.responseBody as T, replayed: true };
    }
    throw conflict(
      'A request with this Idempotency-Key is still being processed. Please try again shortly.',
      'idempotency_in_progress',
    );
  }
  try {
    const result = await run();
    await db
      .update(idempotencyKeys)
      .set({ state: 'completed', responseStatus: result.status, responseBody: result.body as object })
      .where(where);
    return { ...result, replayed: false };
  } catch (err) {
    await db.delete(idempotencyKeys).where(where);
    throw err;
  }
}

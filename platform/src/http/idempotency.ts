import { createHash } from 'node:crypto';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { currentUser } from '../auth/guards';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/tables';
import { conflict, HttpError, unprocessable } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour the `Idempotency-Key` header: the first request with a key runs, repeats get its
     * answer. The handler returns its answer rather than sending it.
     */
    idempotent?: boolean;
  }
}

const KEY_SHAPE = /^[A-Za-z0-9._:-]{8,255}$/;
/**
 * A first run still marked in progress after this long died with its process; a repeat may run
 * again (a payment provider's own idempotency keys still keep it from charging twice).
 */
const ABANDONED_AFTER_SECONDS = 120;
/** Keys are honoured this long, as Stripe does. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

type Keys = { db: Database<{ idempotencyKeys: typeof idempotencyKeys }> };

async function takeOverAbandoned(
  { db }: Keys,
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
 * The first request with a key runs; repeats get its answer. A repeat while the first is still
 * running is told to wait; a failed first run frees the key.
 */
export async function withIdempotency<T>(
  keys: Keys,
  input: { userId: number; key: string | undefined; route: string; body: unknown },
  run: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  if (!input.key) return { ...(await run()), replayed: false };
  if (!KEY_SHAPE.test(input.key))
    throw unprocessable('Idempotency-Key must be 8 to 255 letters, digits or ._:-', {
      'Idempotency-Key': 'Invalid key',
    });
  const { db } = keys;
  const requestHash = createHash('sha256')
    .update(`${input.route}\n${JSON.stringify(input.body ?? null)}`)
    .digest('hex');
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: input.userId, key: input.key, route: input.route, requestHash, state: 'in_progress' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length && !(await takeOverAbandoned(keys, where, input.route, requestHash))) {
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

/** Keys older than the retention are forgotten; returns how many. */
export async function forgetOldIdempotencyKeys({ db }: Keys, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** The request's Idempotency-Key, when it sent one. */
export const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && header ? header : undefined;
};

/**
 * Makes routes declared `config: { idempotent: true }` honour the Idempotency-Key header, so no
 * route handles keys (or sees the database) itself. `keys` is absent when the service's schema
 * keeps no idempotency keys: declaring such a route then fails at start, not at the first request.
 */
export function registerIdempotency(app: FastifyInstance, keys: Keys | undefined): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const where = `${route.method} ${route.url}`;
    if (!keys)
      throw new Error(`${where} is idempotent, but the service's schema does not export idempotencyKeys`);
    const access = route.config.access;
    if (!access || access === 'public' || access === 'service')
      throw new Error(`${where} is idempotent: keys are kept per person, so it needs a signed-in caller`);
    const handler = route.handler as RouteHandlerMethod;
    const name = route.url;
    route.handler = async function idempotentHandler(request: FastifyRequest, reply: FastifyReply) {
      const result = await withIdempotency(
        keys,
        {
          userId: currentUser(request).user_id,
          key: idempotencyKeyOf(request),
          route: name,
          body: request.body,
        },
        // The handler may choose its status (201) before it returns; the answer keeps it for repeats.
        async () => {
          const body = await handler.call(this, request, reply);
          return { status: reply.statusCode, body };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    };
  });
}

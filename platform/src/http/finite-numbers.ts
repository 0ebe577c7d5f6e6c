import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The path of the first number in `value` that is not finite, or undefined. */
function nonFiniteAt(value: unknown, root: string): string | undefined {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => void pending.push([item, `${path}.${i}`]));
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) pending.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

/**
 * Refuses numbers that are not finite. Validation turns text such as `1e999` or `Infinity` into a
 * number (query strings and path parameters are text) and then skips its range checks, which
 * only look at finite numbers; without this the database would refuse the value with a 500.
 */
export function refuseNonFiniteNumbers(app: FastifyInstance): void {
  // A callback, not async: it runs for every request and waits for nothing.
  app.addHook('preHandler', (request, _reply, done) => {
    const field =
      nonFiniteAt(request.params, '') ?? nonFiniteAt(request.query, '') ?? nonFiniteAt(request.body, '');
    if (field === undefined) return done();
    const name = field || 'body';
    done(
      badRequest(`Invalid request: ${name} must be a finite number`, 'validation_failed', {
        [name]: `${name} must be a finite number`,
      }),
    );
  });
}

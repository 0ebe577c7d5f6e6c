import type { FastifyRequest } from 'fastify';
import type { EventMeta } from '../outbox/events';

/** Events a request causes carry its id as their correlation id and its user as their actor. */
export function requestMeta(request: FastifyRequest): EventMeta {
  return {
    correlationId: request.id,
    actor: request.user ? { user_id: request.user.user_id, role: request.user.role } : null,
  };
}

import { ID_TEXT_KEYWORD, ID_TEXT_PATTERN, idTextMessage } from '@linksmate/proto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from './errors';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(error: AjvError): string {
  const missing = error.params?.missingProperty;
  if (typeof missing === 'string') return missing;
  const path = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || 'body';
}

function messageOf(error: AjvError, field: string): string {
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'format':
      return `${field} must be a valid ${String(error.params?.format ?? 'value')}`;
    case 'minLength':
      return `${field} must be at least ${String(error.params?.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(error.params?.limit)} characters`;
    case ID_TEXT_KEYWORD:
      return idTextMessage(field);
    case 'pattern':
      if (error.params?.pattern === ID_TEXT_PATTERN) return idTextMessage(field);
      // Every request text refuses NUL characters; other patterns belong to the field's rule.
      return `${field} contains characters that are not allowed`;
    case 'minimum':
    case 'maximum':
      return `${field} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(error.params?.limit)}`;
    case 'type':
      return `${field} must be ${/^[aeiou]/.test(String(error.params?.type)) ? 'an' : 'a'} ${String(error.params?.type)}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

/** Schema validation failures as `{ error, code, errors: { field: message } }`. */
export function validationBody(validation: AjvError[], context?: string) {
  const errors: Record<string, string> = {};
  for (const item of validation) {
    const field = fieldOf(item);
    errors[field] ??= messageOf(item, field);
  }
  const first = Object.values(errors)[0];
  return {
    error: first ? `Invalid ${context ?? 'request'}: ${first}` : 'Invalid request',
    code: 'validation_failed',
    errors,
  };
}

/**
 * One error handler for every service and the gateway: API errors keep their status and shape,
 * framework 4xx errors keep their status, a database that is not there is a 503, anything else is a
 * 500 that leaks nothing.
 */
export function installErrorHandlers(app: FastifyInstance, options: { notFound?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (error.validation) {
      return reply.status(400).send(validationBody(error.validation as AjvError[], error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: error.message, code: (error.code ?? 'bad_request').toLowerCase() });
    }
    // The database stopped or unreachable: the request may succeed again shortly, as the gateway
    // says of a service it cannot reach.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        error: 'The service is unavailable. Please try again shortly.',
        code: 'service_unavailable',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal_error' });
  });

  if (options.notFound !== false) {
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request)));
  }
}

export function notFoundBody(request: FastifyRequest) {
  return { error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' };
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's request id when it looks sane (the gateway passes its own on), otherwise mints one. */
export function requestIdFrom(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && ACCEPTABLE_ID.test(value) ? value : randomUUID();
}

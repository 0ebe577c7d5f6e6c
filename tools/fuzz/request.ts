import type { Operation } from './openapi';

/** One request the fuzz tier sends: what is in its path, its query and its body. */
export interface FuzzRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON value to send as the body, or `raw` text sent as it is. */
  body?: { json: unknown } | { raw: string; contentType: string };
}

/**
 * Percent-encodes anything: a lone surrogate, which encodeURIComponent refuses, goes as the
 * invalid UTF-8 a hostile client would send.
 */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => (c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

/** The URL (below the API prefix) and fetch options of a request to an operation. */
export function toFetch(
  operation: Operation,
  request: FuzzRequest,
  token: string | undefined,
): { url: string; init: RequestInit } {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(request.path[name]));
  const query = Object.entries(request.query)
    .flatMap(([name, value]) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value]).map((v) => `${encode(name)}=${encode(v)}`),
    )
    .join('&');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: string | undefined;
  if (request.body && 'json' in request.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.json) ?? 'null';
  } else if (request.body) {
    headers['content-type'] = request.body.contentType;
    body = request.body.raw;
  }
  return {
    url: `${path}${query ? `?${query}` : ''}`,
    init: { method: operation.method, headers, body, signal: AbortSignal.timeout(15_000) },
  };
}

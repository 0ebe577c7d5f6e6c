import type { ApiError } from '@linksmate/proto';
import { injectTraceHeaders, SpanKind, withSpan } from '../tracing';
import { SERVICE_TOKEN_HEADER } from './access';
import { HttpError } from './errors';
import { REQUEST_ID_HEADER } from './request-id';

export interface InternalClientOptions {
  /** The other service's base URL, e.g. http://identity:3001. */
  url: string;
  serviceToken: string;
  timeoutMs: number;
  /** The service's name as errors name it, e.g. 'identity'. */
  name: string;
}

/**
 * Another service's `/internal/*` calls (docs/architecture.md#who-owns-what: synchronous only where a person waits for
 * the answer, authenticated with the service token), for a caller that hands its answer on: a
 * refusal (4xx) comes back as the same HttpError, so the person reads the owning service's words;
 * anything else (unreachable, too slow, a 5xx) as a 502 that says the change may not have been made.
 */
export class InternalClient {
  constructor(private readonly options: InternalClientOptions) {}

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    // A client span while tracing is on; the other service's request span is its child.
    return withSpan(
      `${method} ${this.options.name}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'url.full': `${this.options.url}${path}` },
      },
      () => this.send<T>(method, path, body, requestId),
    );
  }

  private async send<T>(
    method: string,
    path: string,
    body: unknown,
    requestId: string | undefined,
  ): Promise<T> {
    let response: Response;
    const headers: Record<string, string> = {
      [SERVICE_TOKEN_HEADER]: this.options.serviceToken,
      ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    injectTraceHeaders(headers);
    try {
      response = await fetch(`${this.options.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw this.unavailable(`unreachable (${(err as Error).message})`);
    }
    const answer = (await response.json().catch(() => undefined)) as (T & Partial<ApiError>) | undefined;
    if (response.ok && answer !== undefined) return answer;
    if (response.status >= 400 && response.status < 500 && typeof answer?.error === 'string') {
      throw new HttpError(response.status, answer.error, answer.code, answer.errors);
    }
    throw this.unavailable(`answered ${response.status}`);
  }

  private unavailable(why: string): HttpError {
    const error = new HttpError(
      502,
      `The ${this.options.name} service did not answer; the change may not have been made. Please try again.`,
      'upstream_unavailable',
    );
    error.cause = `${this.options.name} ${why}`;
    return error;
  }
}

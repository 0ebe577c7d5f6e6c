/** Where the public API lives; `/v1` is the alias the spec also writes. */
export const PUBLIC_API_PREFIX = '/api/v1';
export const LEGACY_API_PREFIX = '/v1';

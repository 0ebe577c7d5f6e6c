/**
 * A random id of 32 hex characters. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); this works wherever the app is opened.
 */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

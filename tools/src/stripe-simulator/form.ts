/**
 * Decodes Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed keys
 * (`items[0][price]=…`, `expand[]=…`, `metadata[user_id]=7`) into nested objects and arrays.
 */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const head = rawKey.split('[')[0]!;
    const path = [head, ...[...rawKey.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    assign(root, path, value);
  }
  return root;
}

function assign(target: Record<string, unknown> | unknown[], path: string[], value: string): void {
  const [key, ...rest] = path as [string, ...string[]];
  const isIndex = (k: string | undefined) => k === '' || (k !== undefined && /^\d+$/.test(k));
  if (Array.isArray(target)) {
    const index = key === '' ? target.length : Number(key);
    if (!rest.length) target[index] = value;
    else {
      target[index] ??= isIndex(rest[0]) ? [] : {};
      assign(target[index] as Record<string, unknown>, rest, value);
    }
    return;
  }
  if (!rest.length) {
    target[key] = value;
    return;
  }
  target[key] ??= isIndex(rest[0]) ? [] : {};
  assign(target[key] as Record<string, unknown>, rest, value);
}

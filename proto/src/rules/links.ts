/**
 * Links people and admins store (venue website and socials, virtual tour, coach picture): web links
 * only, `http:` or `https:` with a host, so a stored link can never run script (`javascript:`),
 * carry a page (`data:`), point into the reader's machine (`file:`) or resolve against our own site
 * (a relative path). Services judge every such field with it (422 naming the field); web forms
 * show the same message before sending.
 */
export const WEB_LINK_MESSAGE = 'Please enter a valid web address starting with http:// or https://';

/** The schemes a stored link may have. */
export const WEB_LINK_PROTOCOLS = ['http:', 'https:'] as const;

/** Whether the text is an absolute `http:`/`https:` link with a host (surrounding blanks ignored). */
export function isWebLink(value: string): boolean {
  const text = value.trim();
  // The WHATWG parser forgives `http:example.com` and `https:///x` (it finds a host anyway): the
  // link must say `//` itself, right after the scheme, and name its host there.
  const written = /^(https?):\/\/([^/?#\s\\]+)/i.exec(text);
  if (!written) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (WEB_LINK_PROTOCOLS as readonly string[]).includes(url.protocol) && url.hostname.length > 0;
}

/** The field's problem, or null: blank (no link) is fine, anything else must be a web link. */
export function webLinkError(value: string | null | undefined): string | null {
  if (value === null || value === undefined || !value.trim()) return null;
  return isWebLink(value) ? null : WEB_LINK_MESSAGE;
}

/** Every problem among the named links, as `{field: message}` (empty when all are fine). */
export function webLinkErrors(links: Record<string, string | null | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(links)) {
    const problem = webLinkError(value);
    if (problem) errors[field] = problem;
  }
  return errors;
}

import { idFromText } from '@linksmate/proto';
import type { Upstreams } from './upstream';

/**
 * Where the web build's `first-screens/event.html` has the event's title (its `<h1>` and `<title>`);
 * the same text as EVENT_TITLE_TOKEN in web/src/app/first-screens.tsx.
 */
export const EVENT_TITLE_TOKEN = '__LINKSMATE_EVENT_TITLE__';

/** What an event page's HTML shows of the event before any script: its title, and for link previews its description. */
export interface EventPreview {
  title: string;
  description: string;
}

/** The event an event page's path names: `/events/<id>` with a canonical id (proto's IdParam), else null. */
export function eventIdOfPage(path: string): number | null {
  const match = /^\/events\/([^/]+)$/.exec(path);
  return match ? idFromText(match[1]) : null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML text or a quoted attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A link preview's description: the event's, on one line, cut to about 160 characters at a whole character. */
export const OG_DESCRIPTION_MAX = 160;
function previewDescription(description: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= OG_DESCRIPTION_MAX
    ? line
    : `${chars
        .slice(0, OG_DESCRIPTION_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The event page's HTML for `preview`: the title, escaped, in place of the token, and Open Graph
 * tags so a shared link previews with the event's title and description.
 */
export function fillEventPage(template: string, preview: EventPreview): string {
  const title = escapeHtml(preview.title);
  const description = previewDescription(preview.description);
  const og = [
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${title}" />`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}" />` : '',
  ].join('');
  // split/join: the title is put in as it is, never read as a replacement pattern (`$&`).
  return template
    .split(EVENT_TITLE_TOKEN)
    .join(title)
    .replace('</head>', () => `${og}</head>`);
}

/** A previewed event is asked for again after this long; a few seconds of a renamed title is fine. */
const PREVIEW_TTL_MS = 10_000;
const PREVIEW_CACHE_MAX = 1_000;

/**
 * The public events, as an anonymous visitor sees them, for event pages' HTML (events-bookings'
 * GET /events/{id}, over the gateway's pool to it). No answer within the timeout, or anything but a
 * 200 with a title (no such event, members only), is no preview: the page comes without the title.
 */
export class EventPreviews {
  /** By event id; a Map keeps insertion order, so the first entry is the oldest. */
  private readonly cache = new Map<number, { at: number; preview: Promise<EventPreview | null> }>();

  constructor(
    private readonly upstreams: Upstreams,
    private readonly eventsUrl: string,
    private readonly timeoutMs = 300,
  ) {}

  previewOf(eventId: number): Promise<EventPreview | null> {
    const now = Date.now();
    const cached = this.cache.get(eventId);
    if (cached && now - cached.at < PREVIEW_TTL_MS) return cached.preview;
    this.cache.delete(eventId);
    if (this.cache.size >= PREVIEW_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    // Asked for once while in flight; a failure (timeout, no connection) is not kept.
    const preview = this.fetch(eventId).catch(() => {
      if (this.cache.get(eventId)?.preview === preview) this.cache.delete(eventId);
      return null;
    });
    this.cache.set(eventId, { at: now, preview });
    return preview;
  }

  private async fetch(eventId: number): Promise<EventPreview | null> {
    const { status, body } = await this.upstreams.get(this.eventsUrl, `/events/${eventId}`, this.timeoutMs);
    if (status !== 200) return null;
    const event = JSON.parse(body) as { id?: unknown; title?: unknown; description?: unknown };
    if (event.id !== eventId || typeof event.title !== 'string') return null;
    return {
      title: event.title,
      description: typeof event.description === 'string' ? event.description : '',
    };
  }
}

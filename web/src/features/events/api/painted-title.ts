/**
 * An event page's HTML can come with the event's title already painted (the gateway fills it in,
 * web/build/first-screens.ts). The app reads it as it starts, so the page shows the same `<h1>` while
 * GET /events/{id} is on its way instead of a skeleton bar (which would shift the page and make the
 * title, when it comes, a later and larger paint).
 */
const paintedTitles = new Map<number, string>();

export function rememberPaintedTitle(eventId: number, title: string): void {
  paintedTitles.set(eventId, title);
}

/** The title the page's HTML came with for that event, if it did. */
export function paintedTitleOf(eventId: number): string | undefined {
  return paintedTitles.get(eventId);
}

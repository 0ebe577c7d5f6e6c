/** Brings an element into view (smoothly unless the person asked for less motion) and focuses it. */
export function scrollToAndFocus(element: HTMLElement | null, block: ScrollLogicalPosition = 'center'): void {
  if (!element) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block });
  element.focus({ preventScroll: true });
}

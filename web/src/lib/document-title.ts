import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The tab's title on every page that does not name its own (index.html's). */
export const APP_TITLE = 'LinksMate — golf partners, coaches and courses';

/**
 * A page that names itself (an event page arrives with `‹event› — LinksMate` in its HTML) must not
 * leave that name on the pages the app moves to: every navigation puts the app's title back. A layout
 * effect, so it runs before the new page's own `usePageTitle` (a passive effect) names it. The
 * first page keeps the title its HTML came with.
 */
export function useAppTitleOnNavigation(): void {
  const { pathname } = useLocation();
  // The first page keeps the title its HTML came with (no flicker to the app's and back).
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.title = APP_TITLE;
  }, [pathname]);
}

/** Names the tab after what the page shows (`‹name› — LinksMate`), once it is known. */
export function usePageTitle(name: string | undefined): void {
  useEffect(() => {
    if (name) document.title = `${name} — LinksMate`;
  }, [name]);
}

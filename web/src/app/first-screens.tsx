import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { rememberPaintedTitle } from '../features/events/api/painted-title';
import { EventDetailPage } from '../features/events/routes/EventDetailPage';
import { EventsPage } from '../features/events/routes/EventsPage';
import { HomePage } from '../features/home';
import { VenuesPage } from '../features/venues/routes/VenuesPage';
import { paths } from '../lib/paths';
import { SessionProvider } from '../lib/session-context';
import { LayoutFrame, PageLoader } from './layout/AppLayout';
import { AppProviders } from './providers';

/**
 * The landing pages whose first screen the HTML itself paints (web/build/first-screens.ts renders
 * this module at build time): a visitor's header and the page as it looks while its data loads, from
 * the same components, so the app replaces it with the same picture. `source` is the page's chunk in
 * the build's manifest, whose stylesheets the page's HTML then inlines.
 *
 * `event` is an event page as it looks once the event's title is known and its details load, with
 * EVENT_TITLE_TOKEN for the title (in the `<h1>` and, through `documentTitle`, in `<title>`): the
 * gateway fills in the event's title, HTML-escaped (gateway/src/event-page.ts). Where it cannot (no
 * such event, members only, the service slow), it sends `event-shell`: the frame with the page
 * area's loader, as the app shows while the page's chunk loads.
 */
export const EVENT_TITLE_TOKEN = '__LINKSMATE_EVENT_TITLE__';
const PAINTED_EVENT_ID = 1;
rememberPaintedTitle(PAINTED_EVENT_ID, EVENT_TITLE_TOKEN);

export const FIRST_SCREENS = {
  home: { path: '/', source: null, page: <HomePage /> },
  venues: { path: '/venues', source: 'src/features/venues/routes/VenuesPage.tsx', page: <VenuesPage /> },
  events: { path: '/events', source: 'src/features/events/routes/EventsPage.tsx', page: <EventsPage /> },
  event: {
    path: paths.event.href(PAINTED_EVENT_ID),
    source: 'src/features/events/routes/EventDetailPage.tsx',
    documentTitle: `${EVENT_TITLE_TOKEN} — LinksMate`,
    page: (
      <Routes>
        <Route path={paths.event.path} element={<EventDetailPage />} />
      </Routes>
    ),
  },
  'event-shell': { path: '/events/0', source: null, page: <PageLoader /> },
} satisfies Record<string, { path: string; source: string | null; documentTitle?: string; page: ReactNode }>;

export type FirstScreen = keyof typeof FIRST_SCREENS;

/** The markup that goes inside `<div id="root">` for that page. */
export function renderFirstScreen(screen: FirstScreen): string {
  const { path, page } = FIRST_SCREENS[screen];
  return renderToString(
    <AppProviders>
      <StaticRouter location={path}>
        <SessionProvider>
          <LayoutFrame>{page}</LayoutFrame>
        </SessionProvider>
      </StaticRouter>
    </AppProviders>,
  );
}

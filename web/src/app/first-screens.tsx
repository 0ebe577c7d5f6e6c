import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { EventsPage } from '../features/events/routes/EventsPage';
import { HomePage } from '../features/home';
import { VenuesPage } from '../features/venues/routes/VenuesPage';
import { SessionProvider } from '../lib/session-context';
import { LayoutFrame, PageLoader } from './layout/AppLayout';
import { AppProviders } from './providers';

/**
 * The landing pages whose first screen the HTML itself paints (web/build/first-screens.ts renders
 * this module at build time): a visitor's header and the page as it looks while its data loads, from
 * the same components, so the app replaces it with the same picture. `source` is the page's chunk in
 * the build's manifest, whose stylesheets the page's HTML then links; an event page paints the frame
 * with the page area's loader, as the app does while the page's chunk loads.
 */
export const FIRST_SCREENS = {
  home: { path: '/', source: null, page: <HomePage /> },
  venues: { path: '/venues', source: 'src/features/venues/routes/VenuesPage.tsx', page: <VenuesPage /> },
  events: { path: '/events', source: 'src/features/events/routes/EventsPage.tsx', page: <EventsPage /> },
  event: { path: '/events/0', source: null, page: <PageLoader /> },
} satisfies Record<string, { path: string; source: string | null; page: ReactNode }>;

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

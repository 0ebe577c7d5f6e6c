import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './app/errors/AppErrorBoundary';
import { startFirstScreenRequests } from './app/first-requests';
import { AppProviders } from './app/providers';
import { loadScreenAt, router } from './app/router';
import { listenForPreloadErrors } from './lib/new-version';
import { queryClient } from './lib/query-client';
import { getStoredToken } from './lib/session';

listenForPreloadErrors();
const firstRequests = startFirstScreenRequests(queryClient, window.location);

/** How long, at most, a painted screen waits for its first data before the app renders over it. */
const FIRST_DATA_WAIT_MS = 1000;

const root = document.getElementById('root')!;
// A landing page's HTML comes with its first screen painted (app/first-screens.tsx). It stays until
// the screen's code is here, so the app's first render replaces it with the same screen at once.
// A visitor's app also waits (a little) for the page's first data: the screen it would render
// meanwhile is the loading state already painted, and rendering it with its data once costs a phone
// far less than rendering it empty and then again as the replies come. The painted header is a
// visitor's, so for someone signed in the app replaces it as soon as it can.
const painted = root.hasChildNodes()
  ? Promise.all([
      loadScreenAt(window.location.pathname).catch(() => undefined),
      getStoredToken()
        ? undefined
        : Promise.race([firstRequests, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]),
    ])
  : null;

const app = (
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>
);

// The first render is a transition: it yields to the browser every few milliseconds instead of
// holding a phone's main thread for the whole page (over a painted screen, the picture stays until it
// commits).
const mount = () => startTransition(() => createRoot(root).render(app));
if (painted) void painted.then(mount);
else mount();

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startFirstScreenRequests } from './app/first-requests';
import { AppProviders } from './app/providers';
import { loadScreenAt, router } from './app/router';
import { queryClient } from './lib/query-client';

startFirstScreenRequests(queryClient, window.location.pathname);

const root = document.getElementById('root')!;
// A landing page's HTML comes with its first screen painted (app/first-screens.tsx). It stays until
// the screen's code is here, so the app's first render replaces it with the same screen at once.
const painted = root.hasChildNodes() ? loadScreenAt(window.location.pathname).catch(() => undefined) : null;

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Over a painted screen the first render need not hurry: as a transition it yields to the browser
// every few milliseconds instead of holding the main thread for the whole page, and the picture stays
// until it commits.
if (painted) void painted.then(() => startTransition(() => createRoot(root).render(app)));
else createRoot(root).render(app);

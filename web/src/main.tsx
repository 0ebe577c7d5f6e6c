import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startFirstScreenRequests } from './app/first-requests';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { queryClient } from './lib/query-client';

startFirstScreenRequests(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

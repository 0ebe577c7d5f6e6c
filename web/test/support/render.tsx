import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { expect } from 'vitest';
import { theme } from '../../src/app/theme';
import { storeToken } from '../../src/lib/session';
import { SessionProvider } from '../../src/lib/session-context';
import { tokenFor } from './fake-api';

/** A fresh cache per test: nothing asked twice by accident, no retry hiding a failure. */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

export interface RenderOptions {
  /** The address the screen opens at. */
  at?: string;
  /** The route the element sits at (`/messages/:id`); anything by default. */
  path?: string;
  /** Other routes beside it, e.g. where a link or a redirect leads. */
  routes?: RouteObject[];
  /** Signed in as this person (a token in storage, as after logging in). */
  signedInAs?: { user_id: number; role?: string; membership_status?: string | null };
  queryClient?: QueryClient;
}

/**
 * A route table rendered as the app renders its own: Mantine's theme and its modals manager (what
 * `modals.openConfirmModal` needs), a query cache and an in-memory data router (what useBlocker and
 * error elements need).
 */
export function renderRoutes(routes: RouteObject[], options: Omit<RenderOptions, 'path' | 'routes'> = {}) {
  if (options.signedInAs) storeToken(tokenFor(options.signedInAs));
  const queryClient = options.queryClient ?? testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [options.at ?? '/'] });
  // No pause between keystrokes: typing is instant, as the tier must be.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient, router };
}

/** One screen or component in the app's providers, the session included, at `options.at`. */
export function renderInApp(element: ReactNode, options: RenderOptions = {}) {
  return renderRoutes(
    [
      ...(options.routes ?? []),
      { path: options.path ?? '*', element: <SessionProvider>{element}</SessionProvider> },
    ],
    options,
  );
}

/**
 * Waits for the dialog named so to be gone: after a change a dialog closes once the lists it changed
 * are read again and its transition ends, which on a busy machine takes more than a second.
 */
export const dialogCloses = (name: string) =>
  waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument(), { timeout: 5000 });

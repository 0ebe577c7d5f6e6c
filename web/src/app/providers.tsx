// Mantine's base: its reset, its CSS variables and global rules. Each component's own styles come with
// the chunk that uses it (vite.config.ts, mantineStylesWithTheCode).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/**
 * Mantine's dimmed grey and its error red (field messages, red.6 at 3.3:1) are too light for small
 * text (WCAG AA 4.5:1); these read at 5.9:1 and 5.5:1 (red.9).
 */
const accessibleColours: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6670', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

/**
 * The manager behind `modals.openConfirmModal(...)` and the like. No page opens one on arrival, so it
 * (and the Modal, scroll lock and focus trap behind it) is fetched once the page shows, not before.
 */
const ModalsManager = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

/**
 * Where toasts appear. None shows on arrival (`notifications.show` keeps what it is given in the store
 * until this mounts), so it and the transitions behind it come after the first screen, not with it.
 */
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={accessibleColours}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <NotificationsHost />
          <ModalsManager />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

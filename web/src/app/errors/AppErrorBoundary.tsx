import { Button, MantineProvider } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isNewVersionError } from '../../lib/new-version';
import { paths } from '../../lib/paths';
import { theme } from '../theme';
import { ErrorScreen, PAGE_FAILED_TEXT } from './ErrorScreen';
import { NewVersionScreen } from './NewVersionScreen';

/**
 * Around the whole app, for what the routes' error elements cannot catch: the providers and what
 * they load (the toasts' and dialogs' code), the router itself. Its screen brings its own theme,
 * since the app's providers may be what failed; outside the router, its links are plain links.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('LinksMate stopped on an error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <MantineProvider theme={theme} defaultColorScheme="light">
        {isNewVersionError(this.state.error) ? (
          <NewVersionScreen />
        ) : (
          <ErrorScreen
            title={PAGE_FAILED_TEXT.title}
            message={PAGE_FAILED_TEXT.message}
            actions={
              <>
                <Button onClick={() => window.location.reload()}>{PAGE_FAILED_TEXT.retry}</Button>
                <Button variant="default" component="a" href={paths.home.href()}>
                  {PAGE_FAILED_TEXT.home}
                </Button>
              </>
            }
          />
        )}
      </MantineProvider>
    );
  }
}

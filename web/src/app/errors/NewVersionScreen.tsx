import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { reloadOnceForNewVersion } from '../../lib/new-version';
import { ErrorScreen, NEW_VERSION_TEXT } from './ErrorScreen';

/**
 * A screen's code that is gone after a release: the page reloads itself once for the new version;
 * if that did not cure it, the person reloads when they choose.
 */
export function NewVersionScreen() {
  useEffect(() => {
    reloadOnceForNewVersion();
  }, []);
  return (
    <ErrorScreen
      title={NEW_VERSION_TEXT.title}
      message={NEW_VERSION_TEXT.message}
      actions={<Button onClick={() => window.location.reload()}>{NEW_VERSION_TEXT.reload}</Button>}
    />
  );
}

import { Button } from '@mantine/core';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { isNewVersionError } from '../../lib/new-version';
import { paths } from '../../lib/paths';
import { ErrorScreen, PAGE_FAILED_TEXT } from './ErrorScreen';
import { NewVersionScreen } from './NewVersionScreen';

/**
 * A route's error element: a page that threw while rendering, or whose code could not be fetched.
 * The header and footer stay (the layout's own routes hold it); the page offers to try again (the
 * same address opened anew: a new location resets the route's error) or to go home.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  if (isNewVersionError(error)) return <NewVersionScreen />;
  return (
    <ErrorScreen
      title={PAGE_FAILED_TEXT.title}
      message={PAGE_FAILED_TEXT.message}
      actions={
        <>
          <Button onClick={() => void navigate(location, { replace: true, state: location.state })}>
            {PAGE_FAILED_TEXT.retry}
          </Button>
          <Button variant="default" component={Link} to={paths.home.href()}>
            {PAGE_FAILED_TEXT.home}
          </Button>
        </>
      }
    />
  );
}

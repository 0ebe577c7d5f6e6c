import { act, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Outlet, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { AppErrorBoundary } from '../src/app/errors/AppErrorBoundary';
import { NEW_VERSION_TEXT, PAGE_FAILED_TEXT } from '../src/app/errors/ErrorScreen';
import { RouteError } from '../src/app/errors/RouteError';
import { isNewVersionError, listenForPreloadErrors, reloadOnceForNewVersion } from '../src/lib/new-version';
import { renderRoutes } from './support/render';

let reload: Mock<() => void>;
beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  // React and the router report the errors they catch; here they are what is being tested.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function Layout() {
  return (
    <>
      <header>
        <Link to="/">LinksMate</Link>
      </header>
      <Suspense fallback={<p>Loading</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The app's shape (router.tsx): the layout with an error element, its pages below another one. */
const appShape = (pages: RouteObject[]): RouteObject[] => [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: [{ path: '/', element: <h1>Home</h1> }, ...pages] }],
  },
];

function BrokenScorecard(): never {
  throw new Error('Cannot read properties of undefined (reading "holes")');
}

let scorecardFails = true;
function FlakyScorecard() {
  if (scorecardFails) throw new Error('passing failure');
  return <h1>Scorecard</h1>;
}

function BrokenProviders(): never {
  throw new Error('theme missing');
}

const missingChunk = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: https://linksmate.test/assets/VenuesPage-3f9a.js',
  );
const screenWhoseCodeIsGone = (error: unknown = missingChunk()) =>
  lazy<ComponentType>(() => Promise.reject(error));

describe("a page that fails (the routes' error elements)", () => {
  it('when a page throws while rendering, then the error takes its place below the header, with Back to home', async () => {
    const { user } = renderRoutes(appShape([{ path: '/scorecard', element: <BrokenScorecard /> }]), {
      at: '/scorecard',
    });
    expect(await screen.findByRole('heading', { name: PAGE_FAILED_TEXT.title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_FAILED_TEXT.message);
    expect(screen.getByRole('banner')).toHaveTextContent('LinksMate');

    await user.click(screen.getByRole('link', { name: PAGE_FAILED_TEXT.home }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when Try again is pressed after a passing failure, then the page renders again', async () => {
    scorecardFails = true;
    const { user } = renderRoutes(appShape([{ path: '/scorecard', element: <FlakyScorecard /> }]), {
      at: '/scorecard',
    });
    const retry = await screen.findByRole('button', { name: PAGE_FAILED_TEXT.retry });
    scorecardFails = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Scorecard' })).toBeInTheDocument();
  });

  it("when a page's code is gone after a release, then the page reloads itself once for the new version", async () => {
    const Venues = screenWhoseCodeIsGone();
    renderRoutes(appShape([{ path: '/venues', element: <Venues /> }]), { at: '/venues' });
    expect(await screen.findByRole('heading', { name: NEW_VERSION_TEXT.title })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('LinksMate');
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('when the code is still missing after that reload, then it does not reload again but offers Reload', async () => {
    reloadOnceForNewVersion(reload);
    reload.mockClear();
    const Venues = screenWhoseCodeIsGone();
    const { user } = renderRoutes(appShape([{ path: '/venues', element: <Venues /> }]), { at: '/venues' });
    await screen.findByRole('heading', { name: NEW_VERSION_TEXT.title });
    expect(reload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: NEW_VERSION_TEXT.reload }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('when Vite reports a failed preload, then that failure counts as a new version whatever its words', async () => {
    const failure = new Error('network error');
    expect(isNewVersionError(failure)).toBe(false);
    listenForPreloadErrors();
    window.dispatchEvent(
      Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failure }),
    );
    expect(isNewVersionError(failure)).toBe(true);

    const Venues = screenWhoseCodeIsGone(failure);
    renderRoutes(appShape([{ path: '/venues', element: <Venues /> }]), { at: '/venues' });
    expect(await screen.findByRole('heading', { name: NEW_VERSION_TEXT.title })).toBeInTheDocument();
  });

  it('when each browser words a missing module its own way, then each is known; other errors are not', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://linksmate.test/assets/a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://linksmate.test/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ])
      expect(isNewVersionError(new TypeError(message)), message).toBe(true);
    expect(isNewVersionError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNewVersionError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('when the reload guard is older than a minute, then a new failure may reload once more', () => {
    const storage = sessionStorage;
    expect(reloadOnceForNewVersion(reload, storage, 1_000_000)).toBe(true);
    expect(reloadOnceForNewVersion(reload, storage, 1_030_000)).toBe(false);
    expect(reloadOnceForNewVersion(reload, storage, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('the app-level boundary (outside the routes)', () => {
  it("when the app's own providers fail to fetch their code, then the new version screen shows", async () => {
    const Toasts = screenWhoseCodeIsGone();
    render(
      <AppErrorBoundary>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: NEW_VERSION_TEXT.title })).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('when something outside the router throws, then it says so with Try again (a reload) and a plain link home', async () => {
    render(
      <AppErrorBoundary>
        <BrokenProviders />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: PAGE_FAILED_TEXT.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_FAILED_TEXT.home })).toHaveAttribute('href', '/');
    await act(async () => screen.getByRole('button', { name: PAGE_FAILED_TEXT.retry }).click());
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("the app's route table (router.tsx)", () => {
  it('when any screen fails, then an error element below the layout catches it, and one for the layout itself', async () => {
    const { routes } = await import('../src/app/router');
    const [layout] = routes;
    expect(layout?.errorElement).toBeTruthy();
    const uncaught: string[] = [];
    const walk = (route: RouteObject, caught: boolean) => {
      const here = caught || !!route.errorElement;
      if (route.path !== undefined && !here) uncaught.push(route.path);
      for (const child of route.children ?? []) walk(child, here);
    };
    for (const child of layout?.children ?? []) walk(child, false);
    expect(uncaught).toEqual([]);
  });
});

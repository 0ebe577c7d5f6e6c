/**
 * After a release, a tab opened before it still asks for the old release's chunks, which are gone:
 * the dynamic import fails. Each browser says so in its own words; Vite's preload of a chunk's
 * dependencies says so with its `vite:preloadError` event. Either way the cure is the page again,
 * from the new release.
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

/** Failures Vite reported as a preload that failed, whatever their message says. */
const preloadFailures = new WeakSet<object>();

/** Whether `error` is a screen's code that could not be fetched (a release since the page loaded). */
export function isNewVersionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (preloadFailures.has(error)) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Marks Vite's preload failures, so the error screens know them; called once as the app starts. */
export function listenForPreloadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const failure = (event as Event & { payload?: unknown }).payload;
    if (typeof failure === 'object' && failure !== null) preloadFailures.add(failure);
  });
}

const RELOADED_AT = 'linksmate:reloaded-for-new-version';
/** A second failure this soon after reloading for one means the reload did not cure it. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page for the new release, once: when it reloaded for that reason in the last minute,
 * it does not again (the chunk is missing from the new release too, or the network is down) and
 * answers false, and the screen offers the reload to the person instead of looping.
 */
export function reloadOnceForNewVersion(
  reload: () => void = () => window.location.reload(),
  storage: Storage = sessionStorage,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(RELOADED_AT));
  if (last && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}

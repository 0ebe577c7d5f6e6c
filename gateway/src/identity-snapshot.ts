import { type Logger, SERVICE_TOKEN_HEADER } from '@linksmate/platform/edge';

/**
 * One of identity's snapshots, which a replica loads at start and again after the bus was away (when
 * events may have gone past): read from an internal route, retrying in the background until identity
 * answers. A newer load takes over from one still retrying, whose answer could predate what the
 * newer load must see.
 */
export class IdentitySnapshot<Body> {
  private loads = 0;
  private loaded = false;

  constructor(
    private readonly source: {
      /** identity's internal route. */
      path: string;
      /** What the logs call it. */
      name: string;
      timeoutMs: number;
      /** Takes in what identity answered. */
      apply: (body: Body) => void;
    },
  ) {}

  /** Whether a snapshot has arrived. */
  get arrived(): boolean {
    return this.loaded;
  }

  async load(identityUrl: string, serviceToken: string, logger: Logger, signal: AbortSignal): Promise<void> {
    const load = ++this.loads;
    const current = () => !signal.aborted && load === this.loads;
    for (let attempt = 0; current(); attempt++) {
      try {
        const response = await fetch(`${identityUrl}${this.source.path}`, {
          headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
          signal: AbortSignal.any([signal, AbortSignal.timeout(this.source.timeoutMs)]),
        });
        if (response.ok) {
          this.source.apply((await response.json()) as Body);
          this.loaded = true;
          return;
        }
        await response.body?.cancel();
        logger.warn(
          { status: response.status },
          `${this.source.name}: identity refused the snapshot, retrying`,
        );
      } catch (err) {
        if (signal.aborted) return;
        logger.debug({ err: (err as Error).message }, `${this.source.name}: identity not reachable yet`);
      }
      await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)).unref?.());
    }
  }
}

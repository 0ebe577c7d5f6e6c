import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { ApiServer, DEFAULT_SECRET_KEY } from './http';
import { routeApi, routeControl } from './routes';
import { ObjectStore, type Simulation, type StoredObjects } from './store';
import { advanceSubscription } from './subscriptions';
import type { StripeObject } from './values';
import { type WebhookDelivery, Webhooks } from './webhooks';

export type { WebhookDelivery } from './webhooks';
export type SimulatorControls = 'off' | 'direct' | 'relayed';

export interface StripeSimulatorOptions {
  /** Where events are POSTed (the platform's webhook endpoint). */
  webhookUrl?: string;
  webhookSecret: string;
  publishableKey: string;
  /**
   * The one secret key server calls may use (default `sk_test_simulator`); any other is refused as
   * Stripe refuses an unknown key. The embedded run draws a new one at each start.
   */
  secretKey?: string;
  /**
   * Who may use the development controls (`/_sim/…`): nobody (`off`, the default), callers that
   * reach the simulator directly (`direct`: a request relayed by a proxy, which says so with
   * `X-Forwarded-For`, `Forwarded` or `Via`, is refused), or anyone (`relayed`).
   */
  controls?: SimulatorControls;
  /** Delays between webhook delivery attempts; the list's length bounds the attempts. */
  webhookRetryDelaysMs?: number[];
  /**
   * Where the objects are kept between starts (the embedded run's data folder): read at `start`,
   * written shortly after each change and at `close`. Without it everything is gone with the process,
   * and a membership paid at an earlier start could no longer be cancelled or renewed.
   */
  stateFile?: string;
  log?: (line: string) => void;
}

/** How long after a change its objects are written: a checkout's burst of calls is one write. */
const SAVE_AFTER_MS = 200;

/**
 * A local server speaking the subset of Stripe's HTTP API that LinksMate uses, for development and
 * tests only. It keeps everything in memory (and, given a `stateFile`, on disk between starts), understands Stripe's test cards, honours
 * Idempotency-Key, and delivers signed webhooks with retries. Every answer says it is a simulator.
 *
 * Each resource has its module; this class starts the server and is what tests and tools hold.
 */
export class StripeSimulator {
  readonly deliveries: WebhookDelivery[];
  url = '';
  private readonly sim: Simulation;
  private readonly http: ApiServer;

  constructor(private readonly options: StripeSimulatorOptions) {
    // The webhooks read the options at each delivery, so `setWebhookUrl` takes effect at once.
    const webhooks = new Webhooks(options);
    this.sim = { store: new ObjectStore(), webhooks };
    this.deliveries = webhooks.deliveries;
    this.http = new ApiServer({
      publishableKey: options.publishableKey,
      secretKey: options.secretKey ?? DEFAULT_SECRET_KEY,
      controls: options.controls ?? 'off',
      api: (method, path, params, key) => {
        if (method !== 'GET') this.changed();
        return routeApi(this.sim, method, path, params, key);
      },
      control: (method, path, params) => {
        if (method !== 'GET') this.changed();
        return routeControl(this.sim, method, path, params);
      },
      log: options.log,
    });
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await this.restore();
    this.url = await this.http.start(port, host);
    return this.url;
  }

  async close(): Promise<void> {
    this.sim.webhooks.close();
    await this.http.close();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    await this.save();
  }

  private saveTimer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  private changed(): void {
    if (!this.options.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save().catch((err) => this.options.log?.(`objects not kept: ${(err as Error).message}`));
    }, SAVE_AFTER_MS);
    this.saveTimer.unref();
  }

  /** Written aside and renamed, one write at a time, so a crash mid-write never leaves half a file. */
  private save(): Promise<void> {
    const file = this.options.stateFile;
    if (!file) return Promise.resolve();
    this.saving = this.saving
      .catch(() => {})
      .then(async () => {
        await writeFile(`${file}.tmp`, JSON.stringify(this.sim.store.stored()));
        await rename(`${file}.tmp`, file);
      });
    return this.saving;
  }

  private async restore(): Promise<void> {
    const file = this.options.stateFile;
    if (!file || !existsSync(file)) return;
    try {
      const count = this.sim.store.restore(JSON.parse(await readFile(file, 'utf8')) as StoredObjects);
      this.options.log?.(`${count} objects kept from the last start`);
    } catch (err) {
      // Set aside, not deleted: whoever runs it can still look at what it held.
      const aside = `${file}.unreadable-${Date.now()}`;
      await rename(file, aside);
      this.options.log?.(`kept objects could not be read (${(err as Error).message}); set aside as ${aside}`);
    }
  }

  setWebhookUrl(url: string): void {
    this.options.webhookUrl = url;
  }

  /**
   * Moves a subscription to the end of its trial or period, as time passing would: it ends if it
   * was set to cancel, otherwise the saved card is charged for the next period.
   */
  advanceSubscription(id: string, options: { fail?: boolean } = {}): StripeObject {
    this.changed();
    return advanceSubscription(this.sim, id, options);
  }

  /** Signed as Stripe signs: HMAC-SHA256 over "timestamp.payload" with the endpoint secret. */
  signature(payload: string, timestamp?: number): string {
    return this.sim.webhooks.signature(payload, timestamp);
  }

  /** Sends an event again, as Stripe does when it is not sure the first delivery arrived. */
  redeliver(eventId: string): void {
    this.sim.webhooks.redeliver(eventId);
  }

  eventsOfType(type?: string): StripeObject[] {
    return this.sim.webhooks.events.filter((e) => !type || e.type === type);
  }

  findObjects(kind: string, match?: (o: StripeObject) => boolean): StripeObject[] {
    return this.sim.store.find(kind, match);
  }

  /**
   * The next API calls fail as an unreachable Stripe would (500 `api_error`, nothing done, nothing
   * remembered for their idempotency keys): a provider outage for tests.
   */
  failNextCalls(count: number): void {
    this.http.failNextCalls(count);
  }

  /** The next answers are held back this long (the work is done at once): a slow network for tests. */
  slowDownNextAnswers(count: number, delayMs: number): void {
    this.http.slowDownNextAnswers(count, delayMs);
  }
}

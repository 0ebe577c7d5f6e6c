import amqp, { type ChannelModel } from 'amqplib';
import type { RabbitMqSettings } from './settings';

/** What the bus does with each connection it gets, in this order. */
export interface ConnectionHooks {
  /** Before the connection counts as live: the exchanges and the publish channel. */
  prepare(connection: ChannelModel): Promise<void>;
  /** Once it is live: every consumer attaches, then publishing opens. */
  resume(connection: ChannelModel): Promise<void>;
  /** The connection went, and every channel on it. */
  lost(): void;
}

function versionAtLeast(version: unknown, major: number, minor: number): boolean {
  const match = /^(\d+)\.(\d+)/.exec(String(version ?? ''));
  if (!match) return false;
  const [maj, min] = [Number(match[1]), Number(match[2])];
  return maj > major || (maj === major && min >= minor);
}

/** Heartbeats notice a silently dead connection within seconds; the URL may set its own. */
function withHeartbeat(url: string, seconds = 5): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(seconds));
  return parsed.toString();
}

/**
 * The bus's one AMQP connection: connects, notices when it is lost, and reconnects with jittered
 * exponential backoff until the bus closes, setting each new connection up through the hooks.
 */
export class RabbitMqConnection {
  /** The live connection (from when its exchanges exist), or undefined. */
  current?: ChannelModel;
  /** Whether the broker has quorum queues (RabbitMQ 3.8 and later). */
  quorumQueues = false;
  closing = false;
  private connecting?: Promise<void>;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectAttempt = 0;
  private everConnected = false;
  private readonly connectedWaiters = new Set<() => void>();
  private readonly reconnectedListeners = new Set<() => void>();

  constructor(
    private readonly settings: RabbitMqSettings,
    private readonly hooks: ConnectionHooks,
  ) {}

  private get log() {
    return this.settings.logger;
  }

  /** Connects once; if the broker is away, keeps trying in the background. */
  async start(): Promise<void> {
    this.closing = false;
    try {
      await this.connect();
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'event bus: broker unreachable, will keep trying');
      this.scheduleReconnect();
    }
  }

  onReconnected(listener: () => void): void {
    this.reconnectedListeners.add(listener);
  }

  /** Resolves at the next successful connection; rejects after the timeout. */
  nextConnection(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.connectedWaiters.delete(done);
        reject(new Error('event bus: not connected in time'));
      }, timeoutMs);
      this.connectedWaiters.add(done);
    });
  }

  /** Exponential, from the initial to the maximum reconnection delay. */
  backoffMs(attempt: number): number {
    const { initialMs, maxMs } = this.settings.reconnect;
    return Math.min(maxMs, initialMs * 2 ** attempt);
  }

  /** From now on nothing reconnects; the connection itself stays until `disconnect`. */
  beginClosing(): void {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  async disconnect(): Promise<void> {
    const connection = this.current;
    this.current = undefined;
    await connection?.close().catch(() => {});
  }

  private connect(): Promise<void> {
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async doConnect(): Promise<void> {
    const connection = await amqp.connect(withHeartbeat(this.settings.url), {
      clientProperties: { connection_name: this.settings.connectionName },
      // Without TCP_NODELAY a publish or an ack written while an earlier frame awaits the broker's
      // (delayed, up to 40 ms) TCP ack waits for it: Nagle's algorithm put 25 ms (p50) between a
      // relay's publish and the gateway's handling of it.
      noDelay: true,
    });
    connection.on('error', (err: Error) =>
      this.log.warn({ err: err.message }, 'event bus: connection error'),
    );
    connection.on('blocked', (reason: string) =>
      this.log.warn({ reason }, 'event bus: broker blocked publishing'),
    );
    connection.on('close', () => this.onConnectionLost(connection));
    try {
      this.quorumQueues = versionAtLeast(connection.connection.serverProperties.version, 3, 8);
      await this.hooks.prepare(connection);
      this.current = connection;
      await this.hooks.resume(connection);
    } catch (err) {
      await connection.close().catch(() => {});
      throw err;
    }
    this.reconnectAttempt = 0;
    this.log.info({ quorum: this.quorumQueues }, 'event bus: connected');
    for (const waiter of this.connectedWaiters) waiter();
    this.connectedWaiters.clear();
    if (this.everConnected) for (const listener of this.reconnectedListeners) listener();
    this.everConnected = true;
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (this.current !== connection && this.current !== undefined) return;
    this.current = undefined;
    this.hooks.lost();
    if (!this.closing) {
      this.log.warn('event bus: connection lost, reconnecting');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    const delay = Math.round(this.backoffMs(this.reconnectAttempt) * (0.8 + Math.random() * 0.4));
    this.reconnectAttempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((err) => {
        this.log.debug({ err: (err as Error).message }, 'event bus: reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
  }
}

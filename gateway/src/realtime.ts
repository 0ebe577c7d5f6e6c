import type { Server as HttpServer } from 'node:http';
import type { EventBus, Logger, Subscription, TokenVerifier } from '@linksmate/platform';
import {
  eventOf,
  SOCKET_EVENT_DEFINITIONS,
  socketPushesFor,
  tokenVersionEvents,
  userRoom,
} from '@linksmate/proto';
import { Server } from 'socket.io';
import type { TokenVersions } from './token-versions';

/** What the gateway consumes: the events it pushes (proto's table) and those carrying token versions. */
export const REALTIME_EVENTS = [...new Set([...SOCKET_EVENT_DEFINITIONS, ...tokenVersionEvents])];

/**
 * Socket.IO on the gateway's own port. A handshake needs a valid, current token; each socket joins
 * `user:{id}`. Each gateway replica binds its own exclusive queue and emits what it consumes to its
 * own sockets, so replicas scale out without a shared adapter.
 */
export class Realtime {
  readonly io: Server;
  private subscription?: Subscription;

  constructor(
    server: HttpServer,
    private readonly options: {
      verifier: TokenVerifier;
      tokenVersions: TokenVersions;
      bus: EventBus;
      logger: Logger;
      corsOrigins: string[];
    },
  ) {
    this.io = new Server(server, {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: options.corsOrigins },
    });
    this.io.use(async (socket, next) => {
      // Only from the handshake's auth payload: a token in the URL would end up in access logs.
      const token = socket.handshake.auth?.token;
      if (typeof token !== 'string' || !token) return next(new Error('unauthorized'));
      try {
        const claims = await options.verifier.verify(token);
        if (options.tokenVersions.isStale(claims)) return next(new Error('unauthorized'));
        socket.data.user = claims;
        next();
      } catch {
        next(new Error('unauthorized'));
      }
    });
    this.io.on('connection', (socket) => {
      void socket.join(userRoom(socket.data.user.user_id));
    });
  }

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe({
      group: 'gateway.realtime',
      patterns: REALTIME_EVENTS.map((definition) => definition.type),
      exclusive: true,
      handler: async (event) => {
        const versioned = eventOf(tokenVersionEvents, event);
        if (versioned)
          this.options.tokenVersions.observe(versioned.data.user_id, versioned.data.token_version);
        for (const push of socketPushesFor(event)) {
          if (!push.rooms.length) continue;
          this.io.to(push.rooms).emit(push.name, push.payload);
          if (push.endsSession) this.io.in(push.rooms).disconnectSockets(true);
        }
      },
    });
  }

  /** Before the HTTP server closes: sockets would otherwise hold it open. */
  disconnectAll(): void {
    this.io.disconnectSockets(true);
  }

  async close(): Promise<void> {
    await this.subscription?.cancel();
    this.io.disconnectSockets(true);
    // Not io.close(): that would close the HTTP server, which Fastify owns.
    this.io.engine.close();
  }
}

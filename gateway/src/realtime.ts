import type { Server as HttpServer } from 'node:http';
import type { EventBus, Logger, Subscription, TokenVerifier } from '@linksmate/platform';
import type { EventEnvelope } from '@linksmate/proto';
import { Server } from 'socket.io';
import type { TokenVersions } from './token-versions';

/** Where an event goes: socket rooms and the name the client listens for. */
interface Push {
  rooms: string[];
  name: string;
  payload: unknown;
}

const userRoom = (id: number | null | undefined) => (typeof id === 'number' ? [`user:${id}`] : []);

/** Which consumed events reach which sockets. */
export function pushesFor(event: EventEnvelope): Push[] {
  const data = event.data as Record<string, unknown>;
  const [, aggregate, verb] = event.type.split('.');
  switch (true) {
    case event.type === 'messaging.message.sent':
      return [
        {
          rooms: [
            ...(data.recipient_user_ids as number[]).flatMap(userRoom),
            ...userRoom(data.sender_user_id as number),
          ],
          name: 'message:new',
          payload: data,
        },
      ];
    case event.type === 'messaging.message.read':
      return [
        { rooms: (data.sender_user_ids as number[]).flatMap(userRoom), name: 'message:read', payload: data },
      ];
    case event.type === 'events.join-request.submitted':
      return [
        { rooms: userRoom(data.creator_user_id as number), name: 'join-request:submitted', payload: data },
      ];
    case event.type.startsWith('events.join-request.'):
      return [{ rooms: userRoom(data.user_id as number), name: `join-request:${verb}`, payload: data }];
    case event.type.startsWith('events.booking.'):
      return [{ rooms: userRoom(data.user_id as number), name: `booking:${verb}`, payload: data }];
    case event.type === 'payments.membership.changed':
      // The client fetches a fresh token so its membership claims catch up.
      return [{ rooms: userRoom(data.user_id as number), name: 'membership:changed', payload: data }];
    case aggregate === 'user' && ['banned', 'deleted', 'role-changed'].includes(verb ?? ''):
      return [
        { rooms: userRoom(data.user_id as number), name: 'session:revoked', payload: { reason: verb } },
      ];
    default:
      return [];
  }
}

export const REALTIME_PATTERNS = [
  'messaging.message.*',
  'events.join-request.*',
  'events.booking.*',
  'payments.membership.changed',
  'identity.user.*',
];

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
      void socket.join(`user:${socket.data.user.user_id}`);
    });
  }

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe({
      group: 'gateway.realtime',
      patterns: REALTIME_PATTERNS,
      exclusive: true,
      handler: async (event) => {
        this.options.tokenVersions.observeEvent(event);
        for (const push of pushesFor(event)) {
          if (push.rooms.length) this.io.to(push.rooms).emit(push.name, push.payload);
          if (push.name === 'session:revoked') this.io.in(push.rooms).disconnectSockets(true);
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

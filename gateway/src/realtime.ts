import type { Server as HttpServer } from 'node:http';
import {
  type EventBus,
  endSpan,
  type Logger,
  SERVICE_TOKEN_HEADER,
  SpanKind,
  type Subscription,
  socketPushes,
  startSpan,
  type TokenVerifier,
  type Unwatch,
  watchSockets,
} from '@linksmate/platform/edge';
import {
  BookingCancelled,
  BookingStatusChanged,
  EVENT_CHAT_JOIN,
  EVENT_CHAT_LEAVE,
  EVERYONE_ROOM,
  EventCancelled,
  type EventChatAccessReply,
  EventChatReachNarrowed,
  EventDeleted,
  eventOf,
  eventRoom,
  SOCKET_EVENT_DEFINITIONS,
  socketPushesFor,
  tokenVersionEvents,
  UserClaimsChanged,
  userRoom,
} from '@linksmate/proto';
import { Server } from 'socket.io';
import type { CurrentMemberships } from './current-memberships';
import type { TokenVersions } from './token-versions';

/** Events after which people no longer belong in an event chat's room (or may not). */
const CHAT_EXITS = [
  BookingCancelled,
  BookingStatusChanged,
  EventCancelled,
  EventDeleted,
  EventChatReachNarrowed,
];

/**
 * What the gateway consumes: the events it pushes (proto's table), those carrying token versions,
 * and those that take people out of event chats.
 */
export const REALTIME_EVENTS = [
  ...new Set([...SOCKET_EVENT_DEFINITIONS, ...tokenVersionEvents, ...CHAT_EXITS]),
];

/** Whether a person may follow an event chat (messaging decides, by proto's `mayReachEventChat`, as for REST). */
export type EventChatAccess = (eventId: number, userId: number) => Promise<boolean>;

/** Asks messaging (`/internal/event-chats/{eventId}/members/{userId}`) with the service token. */
export function eventChatAccessOver(messagingUrl: string, serviceToken: string): EventChatAccess {
  return async (eventId, userId) => {
    const response = await fetch(`${messagingUrl}/internal/event-chats/${eventId}/members/${userId}`, {
      headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
      signal: AbortSignal.timeout(3_000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`messaging answered ${response.status}`);
    }
    return ((await response.json()) as EventChatAccessReply).allowed;
  };
}

/** Events a gateway remembers having pushed, to push a redelivered one only once. */
const RECENT_EVENTS_KEPT = 20_000;

/** The last `size` ids seen, oldest forgotten first. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly size: number) {}

  /** Whether `id` was seen already; remembers it if not. */
  seen(id: string): boolean {
    if (this.ids.has(id)) return true;
    this.ids.add(id);
    if (this.ids.size > this.size) this.ids.delete(this.ids.values().next().value as string);
    return false;
  }
}

/** The answer to a client's `event-chat:join`/`leave`. */
type ChatAck = (answer: { ok: boolean; error?: string }) => void;

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
      /** Fed from identity's claims-changed events, before they are pushed to the person's socket. */
      memberships: CurrentMemberships;
      bus: EventBus;
      logger: Logger;
      corsOrigins: string[];
      eventChatAccess: EventChatAccess;
    },
  ) {
    this.io = new Server(server, {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: options.corsOrigins },
    });
    this.unwatchSockets = watchSockets(() => this.io.engine.clientsCount);
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
      const userId: number = socket.data.user.user_id;
      void socket.join([userRoom(userId), EVERYONE_ROOM]);
      // An event chat's messages reach a socket only once messaging says the person is in it.
      socket.on(EVENT_CHAT_JOIN, async (eventId: unknown, ack?: ChatAck) => {
        const reply = typeof ack === 'function' ? ack : () => {};
        if (!Number.isSafeInteger(eventId) || (eventId as number) < 1)
          return reply({ ok: false, error: 'Invalid event ID' });
        try {
          if (!(await options.eventChatAccess(eventId as number, userId)))
            return reply({ ok: false, error: 'forbidden' });
          await socket.join(eventRoom(eventId as number));
          reply({ ok: true });
        } catch (err) {
          options.logger.warn({ err, eventId }, 'gateway: event chat access could not be checked');
          reply({ ok: false, error: 'unavailable' });
        }
      });
      socket.on(EVENT_CHAT_LEAVE, async (eventId: unknown, ack?: ChatAck) => {
        if (Number.isSafeInteger(eventId)) await socket.leave(eventRoom(eventId as number));
        if (typeof ack === 'function') ack({ ok: true });
      });
    });
  }

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe({
      group: 'gateway.realtime',
      patterns: REALTIME_EVENTS.map((definition) => definition.type),
      exclusive: true,
      handler: async (event) => {
        // Delivery is at least once: a relay that published and died before marking its row sent
        // publishes again on another replica. Every other consumer has an inbox; sockets have this.
        if (this.recentlyPushed.seen(event.id)) return;
        const versioned = eventOf(tokenVersionEvents, event);
        if (versioned)
          this.options.tokenVersions.observe(versioned.data.user_id, versioned.data.token_version);
        const claims = eventOf([UserClaimsChanged], event);
        if (claims) this.options.memberships.observeEvent(claims.data);
        this.leaveChats(event);
        const narrowed = eventOf([EventChatReachNarrowed], event);
        if (narrowed) await this.recheckChats(narrowed.data.user_ids);
        for (const push of socketPushesFor(event)) {
          if (!push.rooms.length) continue;
          // While tracing, the push is the last span of the request's trace (a child of this handling).
          const traced = startSpan(`push ${push.name}`, {
            kind: SpanKind.PRODUCER,
            attributes: {
              'messaging.system': 'socket.io',
              'messaging.destination.name': push.name,
              'linksmate.socket.rooms': push.rooms.length,
            },
          });
          this.io.to(push.rooms).emit(push.name, push.payload);
          socketPushes.inc({ kind: push.name });
          if (push.endsSession) this.io.in(push.rooms).disconnectSockets(true);
          endSpan(traced?.span);
        }
      },
    });
  }

  /** A booking no longer confirmed, or the event gone: its sockets stop following that chat. */
  private leaveChats(event: Parameters<typeof eventOf>[1]): void {
    const booking = eventOf([BookingCancelled, BookingStatusChanged], event);
    if (booking && booking.data.status !== 'confirmed')
      this.io.in(userRoom(booking.data.user_id)).socketsLeave(eventRoom(booking.data.event_id));
    const ended = eventOf([EventCancelled, EventDeleted], event);
    if (ended) this.io.in(eventRoom(ended.data.event_id)).socketsLeave(eventRoom(ended.data.event_id));
  }

  /**
   * People who may have lost some chats (messaging says so once its copies changed): each chat their
   * sockets follow is asked about again, and left unless messaging still lets them in.
   */
  private async recheckChats(userIds: number[]): Promise<void> {
    for (const userId of userIds) {
      const sockets = await this.io.in(userRoom(userId)).fetchSockets();
      const rooms = new Set(sockets.flatMap((s) => [...s.rooms].filter((room) => room.startsWith('event:'))));
      for (const room of rooms) {
        const eventId = Number(room.slice('event:'.length));
        const allowed = await this.options.eventChatAccess(eventId, userId).catch((err) => {
          this.options.logger.warn({ err, eventId }, 'gateway: event chat access could not be checked');
          return false;
        });
        if (!allowed) this.io.in(userRoom(userId)).socketsLeave(room);
      }
    }
  }

  /** Before the HTTP server closes: sockets would otherwise hold it open. */
  disconnectAll(): void {
    this.io.disconnectSockets(true);
  }

  private readonly unwatchSockets: Unwatch;
  private readonly recentlyPushed = new RecentIds(RECENT_EVENTS_KEPT);

  async close(): Promise<void> {
    this.unwatchSockets();
    await this.subscription?.cancel();
    this.io.disconnectSockets(true);
    // Not io.close(): that would close the HTTP server, which Fastify owns.
    this.io.engine.close();
  }
}

import type { EventEnvelope } from './events/envelope';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingStatusChanged,
  JoinRequestApproved,
  JoinRequestRejected,
  JoinRequestSubmitted,
  WaitlistOffered,
} from './events/events-bookings';
import { UserBanned, UserClaimsChanged, UserDeleted, UserRoleChanged } from './events/identity';
import { AnnouncementPublished, MessageRead, MessageSent, NotificationCreated } from './events/messaging';
import type { EventData, EventDefinition } from './events/registry';

/**
 * Which domain event reaches which sockets, under which name and with which payload: the one table
 * the gateway pushes by and the web listens by (docs/architecture.md#who-owns-what).
 */

export const userRoom = (userId: number) => `user:${userId}`;
/** Sockets following an event chat live; joined only where messaging's rules allow (EVENT_CHAT_JOIN). */
export const eventRoom = (eventId: number) => `event:${eventId}`;
/** Every signed-in socket (announcements). */
export const EVERYONE_ROOM = 'everyone';

export type SessionEndedReason = 'banned' | 'deleted' | 'role-changed';

export interface SocketPush<
  N extends string = string,
  D extends EventDefinition = EventDefinition,
  P = unknown,
> {
  /** The name the browser listens for. */
  name: N;
  event: D;
  rooms(data: EventData<D>): string[];
  payload(data: EventData<D>): P;
  /** After the push the sockets in those rooms are disconnected: their tokens no longer count. */
  endsSession?: boolean;
}

function push<N extends string, D extends EventDefinition, P = EventData<D>>(spec: {
  name: N;
  event: D;
  rooms: (data: EventData<D>) => string[];
  payload?: (data: EventData<D>) => P;
  endsSession?: boolean;
}): SocketPush<N, D, P> {
  return { payload: (data) => data as unknown as P, ...spec };
}

const toUser = (data: { user_id: number }) => [userRoom(data.user_id)];
const sessionEnded = (reason: SessionEndedReason) => () => ({ reason });

export const SOCKET_PUSHES = [
  push({
    name: 'message:new',
    event: MessageSent,
    rooms: (d) => [
      ...(d.event_id === null ? [] : [eventRoom(d.event_id)]),
      ...d.recipient_user_ids.map(userRoom),
      userRoom(d.sender_user_id),
    ],
  }),
  // The reader's other tabs and devices hear it too: their unread counts drop.
  push({
    name: 'message:read',
    event: MessageRead,
    rooms: (d) => [...new Set([...d.sender_user_ids, d.reader_user_id])].map(userRoom),
  }),
  push({ name: 'announcement:new', event: AnnouncementPublished, rooms: () => [EVERYONE_ROOM] }),
  // Only the recipient's sockets: a notification is never seen by anyone else.
  push({
    name: 'notification:new',
    event: NotificationCreated,
    rooms: (d) => [userRoom(d.recipient_user_id)],
  }),
  push({
    name: 'join-request:submitted',
    event: JoinRequestSubmitted,
    rooms: (d) => (d.creator_user_id === null ? [] : [userRoom(d.creator_user_id)]),
  }),
  push({ name: 'join-request:approved', event: JoinRequestApproved, rooms: toUser }),
  push({ name: 'join-request:rejected', event: JoinRequestRejected, rooms: toUser }),
  push({ name: 'booking:confirmed', event: BookingConfirmed, rooms: toUser }),
  push({ name: 'booking:cancelled', event: BookingCancelled, rooms: toUser }),
  push({ name: 'booking:status-changed', event: BookingStatusChanged, rooms: toUser }),
  push({ name: 'waitlist:offered', event: WaitlistOffered, rooms: toUser }),
  // A fresh token asked for on hearing this carries the new membership and role.
  push({ name: 'claims:changed', event: UserClaimsChanged, rooms: toUser }),
  push({
    name: 'session:revoked',
    event: UserBanned,
    rooms: toUser,
    payload: sessionEnded('banned'),
    endsSession: true,
  }),
  push({
    name: 'session:revoked',
    event: UserDeleted,
    rooms: toUser,
    payload: sessionEnded('deleted'),
    endsSession: true,
  }),
  push({
    name: 'session:revoked',
    event: UserRoleChanged,
    rooms: toUser,
    payload: sessionEnded('role-changed'),
    endsSession: true,
  }),
] as const;

type Pushes = (typeof SOCKET_PUSHES)[number];

/** What the server emits, by name: socket.io's typed `ServerToClientEvents` for the browser. */
export type ServerToClientEvents = {
  [P in Pushes as P['name']]: (payload: ReturnType<P['payload']>) => void;
};
export type SocketEventName = keyof ServerToClientEvents;
export type SocketPayload<N extends SocketEventName> = Parameters<ServerToClientEvents[N]>[0];

/** The event types the gateway consumes to push. */
export const SOCKET_EVENT_DEFINITIONS = [...new Set(SOCKET_PUSHES.map((p) => p.event))];

const pushesByType = new Map<string, SocketPush[]>();
for (const p of SOCKET_PUSHES as readonly SocketPush[]) {
  pushesByType.set(p.event.type, [...(pushesByType.get(p.event.type) ?? []), p]);
}

/** The pushes one validated event makes: rooms, name and payload. */
export function socketPushesFor(
  event: EventEnvelope,
): Array<{ name: SocketEventName; rooms: string[]; payload: unknown; endsSession: boolean }> {
  return (pushesByType.get(event.type) ?? []).map((p) => ({
    name: p.name as SocketEventName,
    rooms: p.rooms(event.data as never),
    payload: p.payload(event.data as never),
    endsSession: !!p.endsSession,
  }));
}

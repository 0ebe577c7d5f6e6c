import type { BookingsReply, ConversationsReply, Message, UnreadCountReply } from '@linksmate/proto';
import { type InfiniteData, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBookingPush } from '../src/features/bookings/api/live-cache';
import type { ConversationPage } from '../src/features/messages/api/get-conversation';
import { messagesKeys } from '../src/features/messages/api/keys';
import {
  applyMarkedRead,
  applyMessage,
  applyReadReceipt,
  messageOfPush,
} from '../src/features/messages/api/live-cache';
import { patchCached, readAfresh } from '../src/lib/live-queries';
import { messagePushOf } from './support/fixtures';

const OLIVIA = 1;
const JACK = 2;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute)).toISOString();

let nextId = 100;
function message(from: number, to: number, content: string | null, media: 'image' | null = null): Message {
  const id = nextId++;
  return {
    id,
    conversation_id: 7,
    conversation_type: 'direct',
    sender_user_id: from,
    receiver_user_id: to,
    event_id: null,
    content,
    media_url: media ? '/uploads/m.webp' : null,
    media_type: media,
    media_filename: media ? 'fairway.png' : null,
    media_thumbnail_url: null,
    sent_at: at(id % 60),
    created_at: at(id % 60),
    updated_at: at(id % 60),
    read_at: null,
    is_announcement: false,
    Username: from === OLIVIA ? 'olivia' : 'jack',
    sender_first_name: null,
    sender_last_name: null,
    sender_profile_image_url: null,
  };
}

type Conversation = InfiniteData<ConversationPage, number | undefined>;
const person = (id: number) => ({
  id,
  username: `p${id}`,
  first_name: null,
  last_name: null,
  profile_image_url: null,
});
const conversationWith = (...messages: Message[]): Conversation => ({
  pages: [
    { messages, user: person(OLIVIA), can_message: true, total: messages.length, limit: 20, offset: 0 },
  ],
  pageParams: [undefined],
});
const direct = (other: number, unread: number, minute: number) => ({
  other_user_id: other,
  username: `p${other}`,
  first_name: null,
  last_name: null,
  profile_image_url: null,
  last_message: 'earlier',
  last_message_time: at(minute),
  unread_count: unread,
});
const list = (...direct_messages: ReturnType<typeof direct>[]): ConversationsReply => ({
  direct_messages,
  event_chats: [],
  unread_total: direct_messages.reduce((sum, c) => sum + c.unread_count, 0),
});

function jackWithCache() {
  const queryClient = new QueryClient();
  const earlier = message(OLIVIA, JACK, 'Morning round?');
  queryClient.setQueryData(messagesKeys.conversation('direct', OLIVIA), conversationWith(earlier));
  queryClient.setQueryData(messagesKeys.conversations(), list(direct(3, 2, 1), direct(OLIVIA, 0, 0)));
  queryClient.setQueryData<UnreadCountReply>(messagesKeys.unread(), { unread_count: 2 });
  return queryClient;
}

describe('pushed messages applied to the cache', () => {
  it('when olivia’s message reaches jack, then his conversation, list and badge change with nothing read afresh', () => {
    const queryClient = jackWithCache();
    const sent = message(OLIVIA, JACK, 'Tee at 7:10');
    expect(applyMessage(queryClient, sent, JACK)).toEqual([]);

    const conversation = queryClient.getQueryData<Conversation>(messagesKeys.conversation('direct', OLIVIA));
    expect(conversation?.pages[0]?.messages.map((m) => m.content)).toEqual(['Morning round?', 'Tee at 7:10']);
    const conversations = queryClient.getQueryData<ConversationsReply>(messagesKeys.conversations());
    expect(conversations?.direct_messages[0]).toMatchObject({
      other_user_id: OLIVIA,
      last_message: 'Tee at 7:10',
      unread_count: 1,
    });
    expect(conversations?.unread_total).toBe(3);
    expect(queryClient.getQueryData(messagesKeys.unread())).toEqual({ unread_count: 3 });
  });

  it('when the same message arrives twice, then it is shown and counted once', () => {
    const queryClient = jackWithCache();
    const sent = message(OLIVIA, JACK, 'Twice?');
    applyMessage(queryClient, sent, JACK);
    applyMessage(queryClient, sent, JACK);
    const conversation = queryClient.getQueryData<Conversation>(messagesKeys.conversation('direct', OLIVIA));
    expect(conversation?.pages[0]?.messages.filter((m) => m.id === sent.id)).toHaveLength(1);
    expect(queryClient.getQueryData(messagesKeys.unread())).toEqual({ unread_count: 3 });
  });

  it('when a photo arrives, then the list says so as the server does', () => {
    const queryClient = jackWithCache();
    applyMessage(queryClient, message(OLIVIA, JACK, null, 'image'), JACK);
    const conversations = queryClient.getQueryData<ConversationsReply>(messagesKeys.conversations());
    expect(conversations?.direct_messages[0]?.last_message).toBe('📷 Photo');
  });

  it('when jack sends one himself, then nothing is unread and the push carrying it changes nothing more', () => {
    const queryClient = jackWithCache();
    const mine = message(JACK, OLIVIA, 'On my way');
    applyMessage(queryClient, mine, JACK);
    const pushed = messagePushOf(mine, [OLIVIA]);
    const before = queryClient.getQueryData(messagesKeys.conversation('direct', OLIVIA));
    expect(applyMessage(queryClient, messageOfPush(pushed), JACK)).toEqual([]);
    expect(queryClient.getQueryData(messagesKeys.conversation('direct', OLIVIA))).toEqual(before);
    expect(queryClient.getQueryData(messagesKeys.unread())).toEqual({ unread_count: 2 });
  });

  it('when a message opens a conversation the list does not have yet, then the list is read afresh', () => {
    const queryClient = jackWithCache();
    const stale = applyMessage(queryClient, message(9, JACK, 'New here'), JACK);
    expect(stale).toEqual([messagesKeys.conversations()]);
  });

  it('when the conversation is being read as the message arrives, then it is read afresh rather than patched', async () => {
    const queryClient = new QueryClient();
    let answer!: (page: Conversation) => void;
    const loading = queryClient.fetchQuery({
      queryKey: messagesKeys.conversation('direct', OLIVIA),
      queryFn: () => new Promise<Conversation>((resolve) => (answer = resolve)),
    });
    const stale = applyMessage(queryClient, message(OLIVIA, JACK, 'During the load'), JACK);
    expect(stale).toContainEqual(messagesKeys.conversation('direct', OLIVIA));
    answer(conversationWith());
    await loading;
  });

  it('when jack reads the conversation, then its unread count and the badge drop by what it held', () => {
    const queryClient = jackWithCache();
    applyMessage(queryClient, message(OLIVIA, JACK, 'Read me'), JACK);
    expect(applyMarkedRead(queryClient, 'direct', OLIVIA, { read_count: 1, read_at: at(30) })).toEqual([]);
    expect(queryClient.getQueryData(messagesKeys.unread())).toEqual({ unread_count: 2 });
    // His other tab hears the same read as a push: nothing drops twice.
    applyReadReceipt(
      queryClient,
      {
        conversation_id: 7,
        conversation_type: 'direct',
        reader_user_id: JACK,
        event_id: null,
        message_ids: [1],
        sender_user_ids: [OLIVIA],
        read_at: at(30),
      },
      JACK,
    );
    expect(queryClient.getQueryData(messagesKeys.unread())).toEqual({ unread_count: 2 });
  });

  it('when jack reads olivia’s messages, then her ticks turn to read in place', () => {
    const queryClient = new QueryClient();
    const first = message(OLIVIA, JACK, 'One');
    const second = message(OLIVIA, JACK, 'Two');
    queryClient.setQueryData(messagesKeys.conversation('direct', JACK), conversationWith(first, second));
    const stale = applyReadReceipt(
      queryClient,
      {
        conversation_id: 7,
        conversation_type: 'direct',
        reader_user_id: JACK,
        event_id: null,
        message_ids: [second.id],
        sender_user_ids: [OLIVIA],
        read_at: at(31),
      },
      OLIVIA,
    );
    expect(stale).toEqual([]);
    const conversation = queryClient.getQueryData<Conversation>(messagesKeys.conversation('direct', JACK));
    expect(conversation?.pages[0]?.messages.map((m) => m.read_at)).toEqual([null, at(31)]);
  });
});

describe('reading afresh', () => {
  it('when a first read is on its way, then reading afresh asks the server again instead of sharing its answer', async () => {
    const queryClient = new QueryClient();
    const answers = ['before the push', 'after the push'];
    const gates: Array<() => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['announcements'],
      queryFn: async () => {
        const answer = answers[gates.length] as string;
        await new Promise<void>((resolve) => gates.push(resolve));
        return answer;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const gatesReach = async (n: number) => {
      while (gates.length < n) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    await gatesReach(1);
    // What a push does: the first answer, given before what it announces, must not win.
    const afresh = readAfresh(queryClient, [['announcements']]);
    gates[0]?.();
    await gatesReach(2);
    gates[1]?.();
    await afresh;
    expect(queryClient.getQueryData(['announcements'])).toBe('after the push');
    unsubscribe();
  });

  it('when nothing is cached, then there is nothing to patch and nothing to read', () => {
    const queryClient = new QueryClient();
    expect(patchCached(queryClient, ['absent'], () => 'x')).toBe(true);
    expect(queryClient.getQueryData(['absent'])).toBeUndefined();
  });
});

describe('booking pushes applied to the cache', () => {
  const booking = (id: number, status: 'pending' | 'confirmed', amount_paid: number | null = null) => ({
    id,
    event_id: 40,
    event_title: 'Saturday stableford',
    event_type: 'member_game' as const,
    event_start_time: at(0),
    event_end_time: null,
    venue_name: 'Royal Melbourne',
    booking_status: status,
    seats: 1,
    amount_paid,
    amount_refunded: null,
    currency: amount_paid ? 'AUD' : null,
    booked_at: at(0),
    notes: null,
  });
  const push = (booking_id: number, status: string) => ({
    booking_id,
    event_id: 40,
    event_title: 'Saturday stableford',
    user_id: JACK,
    seats: 1,
    status,
    previous_status: 'pending',
    occurred_at: at(5),
  });

  it('when a shown booking is confirmed, then the unfiltered list shows it confirmed and the pending list is read afresh', () => {
    const queryClient = new QueryClient();
    const all = ['bookings', 'mine', { limit: 20, offset: 0 }];
    const pending = ['bookings', 'mine', { status: 'pending', limit: 20, offset: 0 }];
    queryClient.setQueryData<BookingsReply>(all, { bookings: [booking(5, 'pending')], total: 1 });
    queryClient.setQueryData<BookingsReply>(pending, { bookings: [booking(5, 'pending')], total: 1 });
    const stale = applyBookingPush(queryClient, push(5, 'confirmed'));
    expect(queryClient.getQueryData<BookingsReply>(all)?.bookings[0]?.booking_status).toBe('confirmed');
    expect(stale).toEqual([pending]);
  });

  it('when a paid booking is cancelled, then its list is read afresh for the refund', () => {
    const queryClient = new QueryClient();
    const all = ['bookings', 'mine', { limit: 20, offset: 0 }];
    queryClient.setQueryData<BookingsReply>(all, { bookings: [booking(6, 'confirmed', 4500)], total: 1 });
    expect(applyBookingPush(queryClient, push(6, 'cancelled'))).toEqual([all]);
  });
});

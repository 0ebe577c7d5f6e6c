import type { DirectMessagesReply } from '@linksmate/proto';
import { EVENT_CHAT_JOIN, EVENT_CHAT_LEAVE } from '@linksmate/proto/rules';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEventPushes } from '../src/features/events/components/use-event-pushes';
import { ConversationView } from '../src/features/messages/components/ConversationView';
import { MessagePushes } from '../src/features/messages/components/use-message-pushes';
import { api as apiClient } from '../src/lib/api-client';
import { useLiveQueries } from '../src/lib/live-queries';
import { announceSocketPush, socketStateChanged, useFollowEventChat } from '../src/lib/socket-pushes';
import { fakeApi, held } from './support/fake-api';
import { aMessage, chatPerson, messagePushOf } from './support/fixtures';
import { renderInApp } from './support/render';

afterEach(() => act(() => socketStateChanged(false, null)));

/** The person's bookings as a screen shows them: one line per read, so each fresh read is seen. */
function Bookings({ live }: { live: () => void }) {
  live();
  const bookings = useQuery({
    queryKey: ['bookings', 'mine'],
    queryFn: () => apiClient.get<{ status: string }>('/bookings/mine'),
  });
  return <p>Booking: {bookings.data?.status ?? 'loading'}</p>;
}

/** An event's page: its standing follows the person's pushes. */
function EventStanding() {
  useEventPushes();
  const event = useQuery({ queryKey: ['events', 'detail', 41], queryFn: () => apiClient.get('/events/41') });
  return <p>{event.isSuccess ? 'read' : 'reading'}</p>;
}

function EventChat() {
  useFollowEventChat(41);
  return null;
}

const bookingsLive = () => useLiveQueries(['booking:confirmed'], () => [['bookings']], [['bookings']]);

describe('screens following pushes (lib/live-queries)', () => {
  it('when a push it follows arrives, then the query is read afresh; a push it does not follow reads nothing', async () => {
    const api = fakeApi();
    let status = 'pending';
    api.on('GET /bookings/mine', () => ({ status }));
    renderInApp(<Bookings live={bookingsLive} />);
    await screen.findByText('Booking: pending');

    act(() => announceSocketPush('booking:cancelled', {}));
    status = 'confirmed';
    act(() => announceSocketPush('booking:confirmed', {}));
    expect(await screen.findByText('Booking: confirmed')).toBeInTheDocument();
    expect(api.sent('GET /bookings/mine')).toHaveLength(2);
  });

  it('when a push arrives while a read is on its way, then a fresh read is made and the older answer never shows last', async () => {
    const api = fakeApi();
    const stale = held();
    api.on('GET /bookings/mine', stale.answer);
    renderInApp(<Bookings live={bookingsLive} />);
    await waitFor(() => expect(api.sent('GET /bookings/mine')).toHaveLength(1));

    api.on('GET /bookings/mine', { status: 'confirmed' });
    act(() => announceSocketPush('booking:confirmed', {}));
    expect(await screen.findByText('Booking: confirmed')).toBeInTheDocument();
    await act(async () => stale.release({ status: 'pending' }));
    expect(screen.getByText('Booking: confirmed')).toBeInTheDocument();
    expect(api.sent('GET /bookings/mine')).toHaveLength(2);
  });

  it('when the socket connects, and again after it was away, then the queries are read afresh; staying connected reads nothing more', async () => {
    const api = fakeApi();
    api.on('GET /bookings/mine', { status: 'pending' });
    renderInApp(<Bookings live={bookingsLive} />);
    await screen.findByText('Booking: pending');
    const reads = () => api.sent('GET /bookings/mine').length;

    act(() => socketStateChanged(true, () => {}));
    await waitFor(() => expect(reads()).toBe(2));
    act(() => socketStateChanged(true, () => {}));
    act(() => socketStateChanged(false, null));
    act(() => socketStateChanged(true, () => {}));
    await waitFor(() => expect(reads()).toBe(3));
  });

  it('when the screen is gone, then its pushes read nothing', async () => {
    const api = fakeApi();
    api.on('GET /bookings/mine', { status: 'pending' });
    const { unmount } = renderInApp(<Bookings live={bookingsLive} />);
    await screen.findByText('Booking: pending');
    unmount();
    act(() => announceSocketPush('booking:confirmed', {}));
    expect(api.sent('GET /bookings/mine')).toHaveLength(1);
  });

  it("when a decision on the person's standing is pushed, then the events screens read their events afresh", async () => {
    const api = fakeApi();
    api.on('GET /events/41', { standing: 'waitlisted' });
    renderInApp(<EventStanding />);
    await screen.findByText('read');
    act(() => announceSocketPush('waitlist:offered', {}));
    await waitFor(() => expect(api.sent('GET /events/41')).toHaveLength(2));
  });
});

describe('the open conversation following pushes (messages/use-message-pushes)', () => {
  const MIA = chatPerson(5, 'mia');
  const JACK = chatPerson(2, 'jack');

  it("when Jack's message is pushed, then it shows at the end of the conversation without asking the server", async () => {
    const api = fakeApi();
    api.on('GET /messages/dm/2', {
      messages: [aMessage(1, JACK, MIA), aMessage(2, MIA, JACK)],
      user: JACK,
      can_message: true,
      total: 2,
      limit: 20,
      offset: 0,
    } satisfies DirectMessagesReply);
    api.on('POST /messages/dm/2/read', { read_count: 1, read_at: new Date().toISOString() });
    renderInApp(
      <>
        <MessagePushes />
        <ConversationView open={{ type: 'direct', id: JACK.id }} />
      </>,
      { signedInAs: { user_id: MIA.id } },
    );
    await screen.findByText('message 2');
    const reads = api.sent('GET /messages/dm/2').length;

    const sent = aMessage(3, JACK, MIA, 'Tee time moved to 9:10');
    const pushed = messagePushOf(sent, [MIA.id]);
    act(() => announceSocketPush('message:new', pushed));
    const list = screen.getByRole('list', { name: 'Messages' });
    await waitFor(() =>
      expect(within(list).getAllByTestId('message').at(-1)).toHaveTextContent('Tee time moved to 9:10'),
    );
    expect(api.sent('GET /messages/dm/2')).toHaveLength(reads);
  });
});

describe('following an event chat (lib/socket-pushes)', () => {
  it('when the socket is up, then the chat is joined, again after a reconnection, and left on the way out', async () => {
    const emit = vi.fn();
    const { unmount } = renderInApp(<EventChat />);
    expect(emit).not.toHaveBeenCalled();
    act(() => socketStateChanged(true, emit));
    expect(emit.mock.calls).toEqual([[EVENT_CHAT_JOIN, 41]]);
    act(() => socketStateChanged(false, null));
    act(() => socketStateChanged(true, emit));
    expect(emit.mock.calls.filter(([name]) => name === EVENT_CHAT_JOIN)).toHaveLength(2);
    unmount();
    expect(emit.mock.calls.at(-1)).toEqual([EVENT_CHAT_LEAVE, 41]);
  });
});

import type { DirectMessagesReply, Message } from '@linksmate/proto';
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES, PAGE_SIZES, UPLOAD_MESSAGES } from '@linksmate/proto/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConversationView } from '../../src/features/messages/components/ConversationView';
import { fakeApi, held, reply, type SeenRequest } from '../support/fake-api';
import { aMessage, chatPerson } from '../support/fixtures';
import { renderInApp } from '../support/render';

const MIA = chatPerson(5, 'mia');
const JACK = chatPerson(2, 'jack');
const LIMIT = PAGE_SIZES.messageHistory;

/** The messaging service as the conversation with Jack reads it: pages of 20 before a message id. */
function conversationServer(count: number) {
  const stored: Message[] = Array.from({ length: count }, (_, i) =>
    aMessage(i + 1, i % 3 ? JACK : MIA, i % 3 ? MIA : JACK),
  );
  const api = fakeApi();
  api.on('GET /messages/dm/2', (request: SeenRequest): DirectMessagesReply => {
    const before = Number(request.query.get('before') ?? Number.POSITIVE_INFINITY);
    const older = stored.filter((m) => m.id < before);
    return {
      messages: older.slice(-LIMIT),
      user: JACK,
      can_message: true,
      total: stored.length,
      limit: LIMIT,
      offset: 0,
    };
  });
  api.on('POST /messages/dm/2/read', { read_count: 0, read_at: new Date().toISOString() });
  return { api, stored };
}

/**
 * The stored messages shown, by their text ('message 26'), top to bottom. Read from the text's own
 * paragraph: the item's whole text runs the time on after it ('message 6' + '5 minutes ago' reads
 * 'message 65' on the day the fixtures are dated).
 */
const shownMessages = () =>
  within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByTestId('message')
    .map((item) =>
      Array.from(item.querySelectorAll('p'), (p) => p.textContent ?? '').find((text) =>
        /^message \d+$/.test(text),
      ),
    );

function openWithJack() {
  return renderInApp(<ConversationView open={{ type: 'direct', id: JACK.id }} />, {
    signedInAs: { user_id: MIA.id },
  });
}

describe('a conversation, paging back (spec 2 "Messaging")', () => {
  it('when it opens, then the newest 20 show oldest first and older ones can be asked for', async () => {
    conversationServer(45);
    openWithJack();
    expect(await screen.findByRole('heading', { name: 'jack' })).toBeInTheDocument();
    const shown = shownMessages();
    expect(shown).toHaveLength(LIMIT);
    expect(shown[0]).toBe('message 26');
    expect(shown.at(-1)).toBe('message 45');
    expect(screen.getByRole('button', { name: 'Load more messages' })).toBeInTheDocument();
  });

  it('when older pages are loaded, then they go above in order, each message once, asked for before the oldest shown, and the view is not sent to the bottom', async () => {
    const { api } = conversationServer(45);
    // The view goes to the bottom once for the first page, 100 ms after it shows (watched from
    // before it opens: on a busy machine those 100 ms may pass before the heading is found).
    const toBottom = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = openWithJack();
    await screen.findByRole('heading', { name: 'jack' });
    await waitFor(() => expect(toBottom).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Load more messages' }));
    await waitFor(() => expect(shownMessages()).toHaveLength(40));
    expect(api.sent('GET /messages/dm/2').at(-1)?.query.get('before')).toBe('26');
    expect(shownMessages().slice(0, 2)).toEqual(['message 6', 'message 7']);

    // Scrolling near the top asks for the last, short page; then there is nothing older to ask for.
    fireEvent.scroll(screen.getByTestId('message-list'), { target: { scrollTop: 0 } });
    await waitFor(() => expect(shownMessages()).toHaveLength(45));
    expect(shownMessages()[0]).toBe('message 1');
    expect(new Set(shownMessages()).size).toBe(45);
    expect(screen.queryByRole('button', { name: 'Load more messages' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(toBottom).toHaveBeenCalledTimes(1);
    toBottom.mockRestore();
  });

  it('when the conversation cannot be read, then the reason shows with a way to ask again', async () => {
    const api = fakeApi();
    api.on('GET /messages/dm/2', reply(403, { error: 'You cannot message this person' }));
    const { user } = openWithJack();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load messages: You cannot message this person',
    );
    conversationServer(3);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'jack' })).toBeInTheDocument();
  });
});

describe('a conversation, sending (docs/product.md#community-validation)', () => {
  it('when a message is on its way, then the input waits; once stored, it shows at the end and the input is empty', async () => {
    const { api } = conversationServer(3);
    const sending = held();
    api.on('POST /messages/dm', sending.answer);
    const { user } = openWithJack();
    const input = await screen.findByRole('textbox', { name: 'Message' });

    await user.type(input, 'See you on the first tee!{Enter}');
    await waitFor(() => expect(input).toBeDisabled());
    expect(api.sent('POST /messages/dm')[0]?.body).toEqual({
      content: 'See you on the first tee!',
      receiver_user_id: 2,
    });

    act(() => sending.release({ message: aMessage(4, MIA, JACK, 'See you on the first tee!') }));
    await waitFor(() => expect(input).toBeEnabled());
    expect(input).toHaveValue('');
    const last = within(screen.getByRole('list', { name: 'Messages' }))
      .getAllByTestId('message')
      .at(-1)!;
    expect(last).toHaveTextContent('See you on the first tee!');
    expect(last).toHaveAttribute('data-mine', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a send fails, then the reason shows and the message stays in place marked Not sent', async () => {
    const { api } = conversationServer(3);
    api.on('POST /messages/dm', reply(403, { error: 'You cannot message this person' }));
    const { user } = openWithJack();
    const input = await screen.findByRole('textbox', { name: 'Message' });

    await user.type(input, 'Anyone for nine holes?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message: You cannot message this person',
    );
    const failed = screen.getByTestId('message-failed');
    expect(failed).toHaveTextContent('Anyone for nine holes?');
    expect(failed).toHaveTextContent('Not sent');
    expect(input).toHaveValue('');
    expect(input).toBeEnabled();
  });

  it('when the message is longer than the limit, then it says so under it, keeps every character and sends nothing', async () => {
    const { api } = conversationServer(3);
    const { user } = openWithJack();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    const pasted = 'x'.repeat(MESSAGE_MAX_LENGTH + 1);
    await user.click(input);
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGING_MESSAGES.tooLong)).toBeInTheDocument();
    expect(input).toHaveValue(pasted);
    expect(api.sent('POST /messages/dm')).toEqual([]);
  });

  it('when a file of another type is attached, then it says why and attaches nothing; a photo then replaces the warning', async () => {
    conversationServer(3);
    openWithJack();
    await screen.findByRole('textbox', { name: 'Message' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF'], 'card.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_MESSAGES.invalidMediaType);
    expect(screen.queryByRole('button', { name: 'Remove attachment' })).not.toBeInTheDocument();

    fireEvent.change(picker, { target: { files: [new File(['jpg'], 'tee.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('📎 tee.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('when only spaces are typed, then Send stays off and Shift+Enter makes a new line instead of sending', async () => {
    const { api } = conversationServer(3);
    const { user } = openWithJack();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, 'first{Shift>}{Enter}{/Shift}second');
    expect(input).toHaveValue('   first\nsecond');
    expect(api.sent('POST /messages/dm')).toEqual([]);
  });
});

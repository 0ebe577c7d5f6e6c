import type { AnnouncementsReply, EventsReply } from '@linksmate/proto';
import type { DemoTee } from './demo-calendar';
import { DEMO_MEMBER_GAMES } from './demo-events';
import { userIdOf } from './seed-directory';

/** How long a call waits for what identity and events-bookings will tell messaging (people, seats). */
const PROJECTION_WAIT_MS = 20_000;

const OLIVIA = 'olivia@linksmate.dev';
const JACK = 'jack@linksmate.dev';
const ADMIN = 'admin@linksmate.dev';
const COACH = 'coach@linksmate.dev';
const HARPER = 'harper_w@golfers.linksmate.dev';

/** The demo's announcements, oldest first, as the admin sent them. */
export const DEMO_ANNOUNCEMENTS = [
  'Welcome to LinksMate! Find playing partners, book coaches and join games at courses all over Australia.',
  'Competition season is here: official LinksMate events are now open for booking in every state.',
  'Heads up: card payments for event slots now include GST on the receipt, itemised line by line.',
] as const;

/** Olivia's game that Jack asks about: the chat names its day and tee time as the game has them. */
const OLIVIAS_SATURDAY = DEMO_MEMBER_GAMES.find((g) => g.title === "Olivia's Saturday Stableford")!;
/** A clock tee time as a person writes it ('08:20': 8:20). */
function spokenTee(tee: DemoTee): string {
  if (typeof tee !== 'string') throw new Error('The chat names a clock tee time');
  return tee.replace(/^0/, '');
}

/** Conversations between demo people: who writes to whom, in order. */
export const DEMO_DIRECT_MESSAGES: ReadonlyArray<{ from: string; to: string; content: string }> = [
  { from: JACK, to: OLIVIA, content: 'Hi Olivia! Are you still after a fourth for Saturday?' },
  {
    from: OLIVIA,
    to: JACK,
    content: `Yes! Tee time is ${spokenTee(OLIVIAS_SATURDAY.tee)} at Royal Melbourne. Keen?`,
  },
  { from: JACK, to: OLIVIA, content: "Count me in. I'll bring the coffee." },
  { from: OLIVIA, to: JACK, content: 'Perfect — see you on the first tee ⛳' },
  { from: HARPER, to: OLIVIA, content: 'Loved the round at The Lakes. Same again next month?' },
  {
    from: COACH,
    to: JACK,
    content: 'Good session today, Jack. Work on that takeaway and we will check it next week.',
  },
];

/** An event chat: the demo game whose players talk in it, and what they say. */
export const DEMO_EVENT_CHAT = {
  title: 'Stableford at The Lakes',
  messages: [
    { from: OLIVIA, content: 'Thanks for a great round, everyone!' },
    { from: JACK, content: 'Great fun. Harper, that chip-in on 14 was unreal.' },
    { from: HARPER, content: 'Pure luck, I promise 😄' },
  ],
} as const;

/**
 * The demo's messages through messaging's own API: announcements by the admin, direct messages and
 * an event chat by the people themselves. Nothing is sent when announcements are already there, so
 * running it again changes nothing.
 */
export async function seedMessages(
  urls: { messaging: string; events: string },
  options: { login(email: string): Promise<string> },
): Promise<number> {
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (email: string) => {
    if (!tokens.has(email)) tokens.set(email, options.login(email));
    return tokens.get(email)!;
  };
  const admin = await tokenOf(ADMIN);
  const existing = await fetch(`${urls.messaging}/announcements?limit=1`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  if (existing.status !== 200) throw new Error(`Reading announcements failed: ${existing.status}`);
  if (((await existing.json()) as AnnouncementsReply).total > 0) return 0;

  /** One call as `email`, again while messaging has not yet heard of the person or the seat. */
  const send = async (email: string, path: string, body: unknown) => {
    const deadline = Date.now() + PROJECTION_WAIT_MS;
    for (;;) {
      const response = await fetch(`${urls.messaging}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(email)}` },
        body: JSON.stringify(body),
      });
      if (response.status === 201) return;
      const text = await response.text();
      const waiting = response.status === 404 || response.status === 403;
      if (!waiting || Date.now() > deadline)
        throw new Error(`${email} → ${path} failed: ${response.status} ${text}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  let made = 0;
  for (const content of DEMO_ANNOUNCEMENTS) {
    await send(ADMIN, '/admin/announcements', { content });
    made++;
  }
  for (const message of DEMO_DIRECT_MESSAGES) {
    await send(message.from, '/messages/dm', {
      receiver_user_id: userIdOf(await tokenOf(message.to)),
      content: message.content,
    });
    made++;
  }
  const listed = await fetch(`${urls.events}/events?include_past=true&limit=100`);
  const event = ((await listed.json()) as EventsReply).events.find((e) => e.title === DEMO_EVENT_CHAT.title);
  if (event) {
    for (const message of DEMO_EVENT_CHAT.messages) {
      await send(message.from, `/messages/event/${event.id}`, { content: message.content });
      made++;
    }
  }
  return made;
}

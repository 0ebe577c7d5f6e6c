import { LINK_VALIDITY, PRODUCT_NAME } from '@linksmate/proto';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Variables = Record<string, string | number | boolean | null>;

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  footnote?: string,
  links: Array<{ label: string; url: string }> = [],
): string {
  const extraLinks = links
    .map(
      (link) =>
        `<p style="line-height:1.6;margin:0 0 12px"><a href="${escapeHtml(link.url)}" style="color:#1f7a4d;font-weight:600">${escapeHtml(link.label)}</a></p>`,
    )
    .join('\n');
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#1f7a4d;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="color:#5c6b63;font-size:13px">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1f7a4d;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f3f6f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d2b24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:800;color:#1f7a4d;margin:0 0 24px">${PRODUCT_NAME}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${extraLinks}
${button}
${footnote ? `<p style="color:#5c6b63;font-size:13px;margin-top:24px">${escapeHtml(footnote)}</p>` : ''}
</td></tr></table>
<p style="color:#8a968f;font-size:12px;margin-top:16px">${PRODUCT_NAME} · golf partners, coaches and courses across Australia</p>
</td></tr></table></body></html>`;
}

function plainText(lines: string[]): string {
  return `${lines.join('\n\n')}\n\n— ${PRODUCT_NAME}\n`;
}

const hours = (ms: number) => Math.round(ms / 3_600_000);

/** A time as people in Australia read it, e.g. 'Sat, 28 Nov 2026, 12:30 pm AEDT'. */
function mailTime(value: unknown): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value ?? '');
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}
const eventTime = (value: unknown) => (value ? ` on ${mailTime(value)}` : '');
const minutes = (ms: number) => Math.round(ms / 60_000);

/** Each template: what it needs, and how it reads in HTML and plain text. Links use the public URL. */
const TEMPLATES: Record<string, (v: Variables, publicUrl: string) => RenderedMail> = {
  'verify-email': (v, publicUrl) => {
    const url = `${publicUrl}/verify-email?token=${encodeURIComponent(String(v.token))}`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const body = `Welcome to ${PRODUCT_NAME}! Please confirm your email address to activate your account.`;
    const validity = `This link expires in ${hours(LINK_VALIDITY.verificationMs)} hours. If you did not create an account, you can ignore this email.`;
    return {
      subject: `Verify your email for ${PRODUCT_NAME}`,
      text: plainText([greeting, body, `Verify your email: ${url}`, validity]),
      html: layout('Confirm your email address', [greeting, body], { label: 'Verify Email', url }, validity),
    };
  },
  'reset-password': (v, publicUrl) => {
    const url = `${publicUrl}/reset-password?token=${encodeURIComponent(String(v.token))}`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const body = `We received a request to reset the password of your ${PRODUCT_NAME} account.`;
    const validity = `This link expires in ${minutes(LINK_VALIDITY.passwordResetMs)} minutes and can be used once. If you did not ask for a reset, you can ignore this email; your password stays the same.`;
    return {
      subject: `Reset your ${PRODUCT_NAME} password`,
      text: plainText([greeting, body, `Reset your password: ${url}`, validity]),
      html: layout('Reset your password', [greeting, body], { label: 'Reset Password', url }, validity),
    };
  },
  // Someone typed this address into registration or a profile claim (identity's TakenAddresses):
  // nothing was made, and only the owner learns of it, with the ways back into their account.
  'account-exists': (v, publicUrl) => {
    const loginUrl = `${publicUrl}/login`;
    const resetUrl = `${publicUrl}/forgot-password`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const what = v.attempt === 'claim' ? 'claim a coach or venue profile' : 'create a new account';
    const body = `Someone just tried to ${what} on ${PRODUCT_NAME} with this email address. You already have an account, so nothing was changed.`;
    const help = 'If it was you, log in instead, or reset your password if you have forgotten it.';
    const note = 'If it was not you, you can ignore this email; your account and password stay as they are.';
    return {
      subject: `Someone tried to sign up to ${PRODUCT_NAME} with your email`,
      text: plainText([
        greeting,
        body,
        help,
        `Log in: ${loginUrl}`,
        `Reset your password: ${resetUrl}`,
        note,
      ]),
      html: layout(
        'You already have an account',
        [greeting, body, help, `Reset your password: ${resetUrl}`],
        { label: 'Log In', url: loginUrl },
        note,
      ),
    };
  },
  'waitlist-promoted': (v, publicUrl) => {
    const url = `${publicUrl}/events/${encodeURIComponent(String(v.event_id))}`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const when = eventTime(v.start_time);
    const body =
      v.outcome === 'requested'
        ? `A place opened up in ${v.event_title}${when}. You were first on the waitlist, so your join request has been sent to the game's creator.`
        : `A seat opened up at ${v.event_title}${when}. You were first on the waitlist, so you're in: your booking is confirmed.`;
    const subject =
      v.outcome === 'requested'
        ? `Your request to join ${v.event_title} has been sent`
        : `You're in: ${v.event_title}`;
    return {
      subject,
      text: plainText([greeting, body, `View the event: ${url}`]),
      html: layout(v.outcome === 'requested' ? 'Your request has been sent' : "You're in", [greeting, body], {
        label: 'View Event',
        url,
      }),
    };
  },
  'waitlist-offered': (v, publicUrl) => {
    const url = `${publicUrl}/events/${encodeURIComponent(String(v.event_id))}`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const body = `A seat opened up at ${v.event_title}${eventTime(v.start_time)} and you're first on the waitlist. We're holding it for you until ${mailTime(v.offer_expires_at)}.`;
    const action =
      'To take it, open the event and pay for your seat before then. After that it goes to the next person in line.';
    return {
      subject: `A seat at ${v.event_title} is held for you`,
      text: plainText([greeting, body, action, `Take your seat: ${url}`]),
      html: layout('A seat is held for you', [greeting, body, action], { label: 'Take Your Seat', url }),
    };
  },
  'messages-digest': (v, publicUrl) => {
    const url = `${publicUrl}/messages`;
    const count = Number(v.count ?? 0);
    const greeting = `Hi ${v.username ?? 'there'},`;
    const body = `You have ${count} unread ${count === 1 ? 'message' : 'messages'} on LinksMate, from ${v.senders}.`;
    const note =
      'You get this e-mail at most once an hour while messages wait for you. Turn it off on your profile.';
    return {
      subject: `${count} unread ${count === 1 ? 'message' : 'messages'} on LinksMate`,
      text: plainText([greeting, body, `Read them: ${url}`, note]),
      html: layout('Messages are waiting for you', [greeting, body, note], { label: 'Read Messages', url }),
    };
  },
  'join-request-decided': (v, publicUrl) => {
    const url = `${publicUrl}/events/${encodeURIComponent(String(v.event_id))}`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const approved = v.approved === true || v.approved === 'true';
    const body = approved
      ? `Good news: your request to join ${v.event_title}${eventTime(v.start_time)} was approved. See you on the course!`
      : `Your request to join ${v.event_title} was not accepted this time. There are plenty of other games to join.`;
    return {
      subject: approved ? `You're in: ${v.event_title}` : `Your request to join ${v.event_title}`,
      text: plainText([greeting, body, `${approved ? 'View the event' : 'Find another game'}: ${url}`]),
      html: layout(
        approved ? 'Your request was approved' : 'Your request was not accepted',
        [greeting, body],
        {
          label: 'View Event',
          url,
        },
      ),
    };
  },
  // An admin added a coach profile for this person (docs/product.md#admin-calls): the way to take it over.
  'coach-invitation': (v, publicUrl) => {
    const url = `${publicUrl}/claim-profile/coach/${encodeURIComponent(String(v.coach_id))}`;
    const greeting = `Hi ${v.first_name ?? 'there'},`;
    const body = `${PRODUCT_NAME} has set up a coach profile for you, so golfers across Australia can find and book you.`;
    const action = 'Claim it to add your photo, rates and availability, and to answer golfers yourself.';
    return {
      subject: `Your coach profile on ${PRODUCT_NAME} is ready to claim`,
      text: plainText([greeting, body, action, `Claim your profile: ${url}`]),
      html: layout('Your coach profile is ready', [greeting, body, action], {
        label: 'Claim Your Profile',
        url,
      }),
    };
  },
  'profile-claim-decided': (v, publicUrl) => {
    const approved = v.approved === true || v.approved === 'true';
    const what = `${v.entity_type === 'venue' ? 'venue' : 'coach'} profile${v.entity_name ? ` ${v.entity_name}` : ''}`;
    const greeting = 'Hi there,';
    const body = approved
      ? `Your claim of the ${what} has been approved. Log in to manage it.`
      : `Your claim of the ${what} was not approved.`;
    const notes = v.admin_notes ? [`Note from our team: ${v.admin_notes}`] : [];
    const url = approved ? `${publicUrl}/login` : publicUrl;
    return {
      subject: approved ? 'Your profile claim was approved' : 'Your profile claim was not approved',
      text: plainText([greeting, body, ...notes, `${approved ? 'Log in' : PRODUCT_NAME}: ${url}`]),
      html: layout(
        approved ? 'Your claim was approved' : 'Your claim was not approved',
        [greeting, body, ...notes],
        approved ? { label: 'Log In', url } : undefined,
      ),
    };
  },
  // A message an administrator wrote to one person (spec 3 "Send Email"): their words, as written.
  'admin-message': (v, publicUrl) => {
    const greeting = `Hi ${v.username ?? 'there'},`;
    const paragraphs = String(v.message ?? '')
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean);
    const note = `This message was sent to you by the ${PRODUCT_NAME} team.`;
    return {
      subject: String(v.subject ?? `A message from ${PRODUCT_NAME}`),
      text: plainText([greeting, ...paragraphs, note]),
      html: layout(
        String(v.subject ?? `A message from ${PRODUCT_NAME}`),
        [greeting, ...paragraphs],
        { label: `Open ${PRODUCT_NAME}`, url: publicUrl },
        note,
      ),
    };
  },
  'event-payment-refunded': (v, publicUrl) => {
    const url = `${publicUrl}/my-bookings`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const body = `Your payment of ${v.amount} for ${v.event_title} went through, but the ${Number(v.seats) === 1 ? 'seat was' : 'seats were'} no longer available by the time it arrived, so we could not book ${Number(v.seats) === 1 ? 'it' : 'them'} for you.`;
    const refund = `We have refunded the full amount to your card. Depending on your bank it may take 5 to 10 business days to appear. The booking shows as cancelled in My Bookings.`;
    return {
      subject: `Your payment for ${v.event_title} was refunded`,
      text: plainText([greeting, body, refund, `My Bookings: ${url}`]),
      html: layout('Your payment was refunded', [greeting, body, refund], { label: 'My Bookings', url }),
    };
  },
  // The notification centre's e-mail channel: the notification as the app shows it, and its link.
  notification: (v, publicUrl) => {
    const url = `${publicUrl}${String(v.link ?? '/notifications')}`;
    const greeting = `Hi ${v.username ?? 'there'},`;
    const title = String(v.title ?? 'You have a new notification');
    const body = String(v.body ?? '');
    const footnote = 'You chose to hear of this by e-mail. Change it under Notifications on your profile.';
    // A reminder's place (docs/product.md#reminders): where, and directions to it.
    const where = v.where ? [`Where: ${v.where}`] : [];
    const directions = v.directions_url ? String(v.directions_url) : null;
    return {
      subject: title,
      text: plainText([
        greeting,
        title,
        body,
        ...where,
        ...(directions ? [`Directions: ${directions}`] : []),
        `Open it: ${url}`,
        footnote,
      ]),
      html: layout(
        title,
        [greeting, body, ...where],
        { label: 'Open in LinksMate', url },
        footnote,
        directions ? [{ label: 'Get directions', url: directions }] : [],
      ),
    };
  },
};

export class UnknownTemplateError extends Error {}

export function renderTemplate(template: string, variables: Variables, publicUrl: string): RenderedMail {
  const render = TEMPLATES[template];
  if (!render) throw new UnknownTemplateError(`Unknown e-mail template "${template}"`);
  return render(variables, publicUrl.replace(/\/$/, ''));
}

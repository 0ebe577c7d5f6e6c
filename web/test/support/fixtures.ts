import type {
  AdminUser,
  ChatPerson,
  Event,
  Message,
  ProfileUser,
  SocketPayload,
  TicketType,
} from '@linksmate/proto';

/** An official event as GET /events/{id} answers it: paid, AUD, ten seats, two taken. */
export function anEvent(patch: Partial<Event> = {}): Event {
  return {
    id: 41,
    title: 'Saturday Stableford',
    description: 'Eighteen holes, shotgun start.',
    event_type: 'linksmate_event',
    status: 'active',
    venue_id: 7,
    venue_name: 'Royal Fairway',
    venue_address: '1 Links Rd',
    venue_city: 'Sydney',
    venue_state: 'NSW',
    venue_lat: null,
    venue_lng: null,
    start_time: '2026-12-05T21:00:00.000Z',
    end_time: '2026-12-06T01:00:00.000Z',
    capacity: 10,
    current_participant_count: 2,
    price_per_participant: 2500,
    currency: 'AUD',
    payment_method: 'pay_at_venue',
    payment_instructions: null,
    creator_user_id: 1,
    creator_username: 'olivia',
    creator_first_name: 'Olivia',
    creator_last_name: 'Reed',
    creator_profile_image: null,
    coach_profile_id: null,
    coach_username: null,
    coach_first_name: null,
    coach_last_name: null,
    coach_profile_image: null,
    min_handicap: null,
    max_handicap: null,
    min_skill_level: null,
    has_paid_slots: true,
    waitlist_count: 0,
    user_booking_status: null,
    user_has_confirmed_booking: false,
    user_booking_id: null,
    user_waitlist_status: null,
    user_waitlist_position: null,
    user_offer_expires_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...patch,
  };
}

export function aTicketType(patch: Partial<TicketType> = {}): TicketType {
  return {
    id: 1,
    event_id: 41,
    name: 'Standard Admission',
    description: null,
    price_per_ticket: 2500,
    currency: 'AUD',
    is_active: true,
    ...patch,
  };
}

/** The signed-in member's own profile, as GET /profile answers it. */
export function aProfileUser(patch: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 5,
    username: 'mia',
    first_name: 'Mia',
    last_name: 'Gallo',
    email: 'mia@linksmate.dev',
    profile_image_url: null,
    manual_handicap: 12.4,
    skill_level: 'intermediate',
    club_memberships_text: 'Royal Fairway',
    is_profile_visible: true,
    availability_status: 'Available',
    availability_status_message: null,
    blocked_user_ids: [],
    blocked_users: [],
    role: 'member',
    created_at: '2026-01-10T00:00:00.000Z',
    ...patch,
  };
}

export const chatPerson = (id: number, username: string): ChatPerson => ({
  id,
  username,
  first_name: null,
  last_name: null,
  profile_image_url: null,
});

/** A direct message `id`, sent `id` minutes after 9:00 UTC on 28 November 2026. */
export function aMessage(
  id: number,
  from: ChatPerson,
  to: ChatPerson,
  content: string | null = `message ${id}`,
): Message {
  const at = new Date(Date.UTC(2026, 10, 28, 9, 0) + id * 60_000).toISOString();
  return {
    id,
    conversation_id: 7,
    conversation_type: 'direct',
    sender_user_id: from.id,
    receiver_user_id: to.id,
    event_id: null,
    content,
    media_url: null,
    media_type: null,
    media_filename: null,
    media_thumbnail_url: null,
    sent_at: at,
    created_at: at,
    updated_at: at,
    read_at: null,
    is_announcement: false,
    Username: from.username,
    sender_first_name: null,
    sender_last_name: null,
    sender_profile_image_url: null,
  };
}

/** The `message:new` push that announces `message` to `recipients` (what the gateway emits). */
export function messagePushOf(message: Message, recipients: number[]): SocketPayload<'message:new'> {
  return {
    message_id: message.id,
    conversation_id: message.conversation_id,
    conversation_type: message.conversation_type,
    sender_user_id: message.sender_user_id,
    receiver_user_id: message.receiver_user_id,
    event_id: message.event_id,
    recipient_user_ids: recipients,
    content: message.content,
    media_url: message.media_url,
    media_type: message.media_type,
    media_filename: message.media_filename,
    media_thumbnail_url: message.media_thumbnail_url,
    sender_username: message.Username,
    sender_first_name: message.sender_first_name,
    sender_last_name: message.sender_last_name,
    sender_profile_image_url: message.sender_profile_image_url,
    sent_at: message.sent_at,
  };
}

/** A person as the admin area's user list shows them: a free member, `first` Golfer. */
export function anAdminUser(id: number, first: string, patch: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    first_name: first,
    last_name: 'Golfer',
    email: `${first.toLowerCase()}@linksmate.dev`,
    username: first.toLowerCase(),
    role: 'user',
    account_role: 'member',
    membership_type: 'free',
    membership_status: null,
    membership_ends_at: null,
    created_at: '2026-01-10T00:00:00.000Z',
    last_login_at: null,
    banned: false,
    ban_reason: null,
    ...patch,
  };
}

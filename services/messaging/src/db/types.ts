import type { Executor } from '@linksmate/platform';
import type * as schema from './schema';
import type { announcements, chatEvents, conversations, messages, users } from './schema';

/** The messaging database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
export type UserRow = typeof users.$inferSelect;
export type ChatEventRow = typeof chatEvents.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

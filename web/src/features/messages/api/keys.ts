const root = ['messages'] as const;

/** Messaging's query keys: a push for a conversation makes its page and the list stale. */
export const messagesKeys = {
  all: root,
  conversations: () => [...root, 'conversations'] as const,
  unread: () => [...root, 'unread'] as const,
  conversation: (type: 'direct' | 'event', id: number) => [...root, type, id] as const,
};

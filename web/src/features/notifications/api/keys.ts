const root = ['notifications'] as const;

/** The notification centre's query keys: a push makes the count and the list change. */
export const notificationsKeys = {
  all: root,
  unread: () => [...root, 'unread'] as const,
  list: () => [...root, 'list'] as const,
  preferences: () => [...root, 'preferences'] as const,
};

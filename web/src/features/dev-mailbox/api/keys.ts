/** The development mailbox's query keys. */
export const devMailboxKeys = {
  all: ['dev-mailbox'] as const,
};

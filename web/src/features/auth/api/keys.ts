/** The account pages' query keys. */
export const authKeys = {
  /** One per link: a link is single use, so its answer is kept rather than asked for again. */
  verifyEmail: (token: string) => ['verify-email', token] as const,
};

/** Now, as the code sees it: tests replace it to cross link lifetimes without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

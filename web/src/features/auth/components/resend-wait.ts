import { secondsText } from '../../../lib/countdown';

/** What the resend screens say while the server's cooldown holds another verification mail back. */
export const resendWaitText = (seconds: number) =>
  `Please wait ${secondsText(seconds)} before asking for another verification email.`;

/**
 * What every notification channel (e-mail, Telegram) implements, and how it reports a failure.
 */

/** A failed delivery: `permanent` when trying again cannot help; `retryAfterMs` when the service said when. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** What a channel sends: a subject (e-mail only), plain text, and the visitor to answer, if any. */
export interface Notification {
  id: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
}

export interface Channel {
  send(notification: Notification): Promise<void>;
  close?(): void;
}

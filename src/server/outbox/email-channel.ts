import nodemailer, { type Transporter } from 'nodemailer';
import { type Channel, DeliveryError, type Notification } from './channel.js';

export interface EmailSettings {
  smtpUrl: string;
  from: string;
  to: string;
}

/**
 * How nodemailer reaches the server. `smtps://` is TLS from the first byte. `smtp://` must upgrade
 * with STARTTLS before the password is sent (`requireTLS`): a server that offers none, or an attacker
 * who strips the offer, gets a failed delivery, never the password in clear. `?plaintext=allow` on an
 * `smtp://` address is the owner's explicit opt-in for a local relay without TLS (README).
 */
export function smtpTransportTarget(smtpUrl: string): { url: string; requireTLS: boolean } {
  const url = new URL(smtpUrl);
  const plaintextAllowed = url.searchParams.get('plaintext') === 'allow';
  url.searchParams.delete('plaintext');
  return { url: url.toString(), requireTLS: url.protocol === 'smtp:' && !plaintextAllowed };
}

/**
 * E-mail through the owner's SMTP server (nodemailer). Timeouts are short, so an unreachable server
 * fails in seconds and the job waits in the outbox instead of holding a worker for minutes. A 5xx
 * answer (a refused address, say) is permanent; anything else is tried again later.
 */
export function emailChannel(settings: EmailSettings): Channel {
  // A small pool reuses connections when many messages arrive at once; it closes them when idle.
  const transport = nodemailer.createTransport({
    ...smtpTransportTarget(settings.smtpUrl),
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: (notification: Notification) => sendEmail(transport, settings, notification),
    close: () => transport.close(),
  };
}

/** Sends one notification through a transport; a failure becomes a DeliveryError (5xx: permanent). */
export async function sendEmail(
  transport: Transporter,
  addresses: { from: string; to: string },
  notification: Notification,
): Promise<void> {
  try {
    await transport.sendMail({
      from: addresses.from,
      to: addresses.to,
      // Pressing Reply answers the visitor, not the site.
      replyTo: notification.replyTo,
      subject: notification.subject,
      text: notification.text,
      html: notification.html,
      // One Message-ID per job: should a crash make us send twice, mail clients show it once.
      messageId: `<${notification.id}@sahifa.notification>`,
    });
  } catch (error) {
    const { message, responseCode } = error as { message?: string; responseCode?: number };
    throw new DeliveryError(`E-mail: ${message ?? String(error)}`, (responseCode ?? 0) >= 500);
  }
}

import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailCheckProblem, EmailSettings, SmtpSecurity } from '../../shared/schemas/email-settings.js';
import type { NotificationSettings } from '../config.js';
import type { Db } from '../db/database.js';
import { getStoredEmailSettings } from '../repositories/email-settings-repository.js';
import type { SecretBox } from '../security/secret-box.js';
import { type Channel, DeliveryError, type Notification } from './channel.js';
import { sendEmail, smtpTransportTarget } from './email-channel.js';

/** An SMTP server with its login and addresses, the password open (in memory only, never logged). */
export interface SmtpTarget {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  password: string;
  from: string;
  to: string;
}

/** Extra TLS options for every SMTP connection: tests trust their self-signed certificate this way, never the owner. */
export type SmtpTlsOptions = Pick<ConnectionOptions, 'ca'>;

/**
 * nodemailer's options for a target. `starttls` must upgrade before the login (`requireTLS`), so a
 * server that offers no STARTTLS, or an attacker who strips it, gets no password; `none` never
 * upgrades (a relay on the owner's own machine, the form warns).
 */
function transportOptions(target: SmtpTarget, tls: SmtpTlsOptions = {}): SMTPTransport.Options {
  return {
    host: target.host,
    port: target.port,
    secure: target.security === 'tls',
    requireTLS: target.security === 'starttls',
    ignoreTLS: target.security === 'none',
    auth: target.user ? { user: target.user, pass: target.password } : undefined,
    tls: { ...tls },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** What went wrong, as a code the page words in the owner's language. */
function emailProblemOf(error: unknown): EmailCheckProblem {
  const { code, message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'login_refused';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) return 'address_not_found';
  if (/ECONNREFUSED/.test(message)) return 'connection_refused';
  if (code === 'ETIMEDOUT' || /timeout|timed out|ETIMEDOUT/i.test(message)) return 'timeout';
  if (code === 'ETLS' || /TLS|SSL|certificate|self.signed|wrong version number/i.test(message)) return 'tls_failed';
  return 'failed';
}

/**
 * Connects and logs in without sending (`transporter.verify()`): the owner's Verify button. Answers
 * null when the server took the login, else what failed.
 */
export async function checkSmtp(target: SmtpTarget, tls?: SmtpTlsOptions): Promise<EmailCheckProblem | null> {
  const transport = nodemailer.createTransport(transportOptions(target, tls));
  try {
    await transport.verify();
    return null;
  } catch (error) {
    return emailProblemOf(error);
  } finally {
    transport.close();
  }
}

/** The stored settings with the password opened, or undefined when e-mail is not set up in Settings. */
export async function storedSmtpTarget(db: Db, secretBox: SecretBox): Promise<SmtpTarget | undefined> {
  const stored = await getStoredEmailSettings(db);
  if (!stored) return undefined;
  const { sealedPassword, ...rest } = stored;
  return { ...rest, password: sealedPassword ? secretBox.open(sealedPassword) : '' };
}

/** The environment's e-mail (SMTP_URL, MAIL_FROM, MAIL_TO) as the page shows it: never the password. */
export function environmentEmailSettings(email: NonNullable<NotificationSettings['email']>): EmailSettings {
  const { url, requireTLS } = smtpTransportTarget(email.smtpUrl);
  const parsed = new URL(url);
  const security: SmtpSecurity = parsed.protocol === 'smtps:' ? 'tls' : requireTLS ? 'starttls' : 'none';
  return {
    source: 'environment',
    host: parsed.hostname,
    port: Number(parsed.port) || (security === 'tls' ? 465 : 587),
    security,
    user: decodeURIComponent(parsed.username),
    passwordSet: parsed.password !== '',
    from: email.from,
    to: email.to,
  };
}

/**
 * The e-mail channel when the environment sets none: it reads the stored settings at each send, so a
 * change in Settings applies at once in every process. One pooled transport is kept while the
 * settings stay the same, and replaced when they change.
 */
export function storedEmailChannel(db: Db, secretBox: SecretBox, tls?: SmtpTlsOptions): Channel {
  let current: { fingerprint: string; transport: Transporter } | undefined;
  const transportFor = (target: SmtpTarget) => {
    const fingerprint = JSON.stringify(target);
    if (current?.fingerprint !== fingerprint) {
      current?.transport.close();
      current = {
        fingerprint,
        transport: nodemailer.createTransport({ ...transportOptions(target, tls), pool: true, maxConnections: 3 }),
      };
    }
    return current.transport;
  };
  return {
    async send(notification: Notification) {
      let target: SmtpTarget | undefined;
      try {
        target = await storedSmtpTarget(db, secretBox);
      } catch {
        throw new DeliveryError('E-mail: the stored password cannot be opened with this secret key', true);
      }
      if (!target) throw new DeliveryError('The email channel is not configured', true);
      await sendEmail(transportFor(target), target, notification);
    },
    close: () => current?.transport.close(),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { DeliveryError } from './channel.js';
import { emailChannel, smtpTransportTarget } from './email-channel.js';

const notification = { id: 'n-1', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

/** A real SMTP server that offers no STARTTLS, as a relay without TLS or an attacker stripping it would. */
describe('e-mail over smtp:// needs TLS before the password', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => smtp.stop());

  it('refuses to send, and never sends the password, when the server offers no STARTTLS', async () => {
    const channel = emailChannel({ smtpUrl: smtp.urlRequiringTls, from: 'site@example.uz', to: 'owner@example.uz' });
    const sending = channel.send(notification);
    await expect(sending).rejects.toBeInstanceOf(DeliveryError);
    await expect(sending).rejects.toThrow(/STARTTLS/i);
    channel.close?.();
    expect(smtp.authentications).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends in plain text only with the explicit ?plaintext=allow opt-in', async () => {
    const channel = emailChannel({ smtpUrl: smtp.url, from: 'site@example.uz', to: 'owner@example.uz' });
    await channel.send(notification);
    channel.close?.();
    expect(smtp.messages).toHaveLength(1);
  });

  it('keeps the rest of the address as it was, and needs no STARTTLS for smtps://', () => {
    expect(smtpTransportTarget('smtp://you%40gmail.com:p%3As@smtp.gmail.com:587')).toEqual({
      url: 'smtp://you%40gmail.com:p%3As@smtp.gmail.com:587',
      requireTLS: true,
    });
    expect(smtpTransportTarget('smtp://relay.lan:25?plaintext=allow')).toEqual({
      url: 'smtp://relay.lan:25',
      requireTLS: false,
    });
    expect(smtpTransportTarget('smtps://u:p@smtp.gmail.com:465').requireTLS).toBe(false);
  });
});

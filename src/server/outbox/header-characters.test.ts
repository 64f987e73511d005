import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveContactMessage } from '../repositories/contact-repository.js';
import { createTestApp, type TestApp } from '../test/helper.js';
import { notificationStandInsForBlock, standInSettings } from '../test/notification-stand-ins.js';
import { headerOf } from '../test/smtp.js';

/** Bidirectional controls, line and paragraph separators, and a C1 control. */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029\u0085]/u;

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded, as a mail client shows them. */
function decodeHeader(value: string): string {
  const bytes: number[] = [];
  const words = /=\?utf-8\?([bq])\?([^?]*)\?=|([^=]+|=)/gi;
  for (const [, encoding, encoded = '', plain] of value.replace(/\?=\s+=\?/g, '?==?').matchAll(words)) {
    if (plain !== undefined) bytes.push(...Buffer.from(plain, 'utf8'));
    else if (encoding?.toLowerCase() === 'b') bytes.push(...Buffer.from(encoded, 'base64'));
    else {
      const text = encoded
        .replaceAll('_', ' ')
        .replace(/=([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      bytes.push(...Buffer.from(text, 'latin1'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A name stored before the contact form refused these characters (saved here directly, past the form)
 * must not reach the owner's Subject, Reply-To or Telegram line raw: there they would reverse what the
 * owner reads ("Malika <evil@example.com>" shown as a trusted address) or start a forged line.
 */
describe('visitor text in notification headers', () => {
  const standIns = notificationStandInsForBlock();
  let testApp: TestApp;
  beforeEach(async () => {
    standIns.clear();
    testApp = await createTestApp({ notifications: standInSettings(standIns) });
  });
  afterEach(async () => testApp.close());

  it('shows each bidirectional control, separator and control of a stored name as U+FFFD', async () => {
    const name = 'Malika \u202e<moc.elpmaxe@live>\u202c \u2066x\u2069\u200f\u2028Owner wrote:\u2029\u0085hi';
    await saveContactMessage(
      testApp.db,
      { name, email: 'malika@example.uz', message: 'Salom! Loyiha haqida gaplashsak.' },
      { channels: ['email', 'telegram'] },
    );
    await testApp.app.outbox.runOnce();

    expect(standIns.smtp.messages).toHaveLength(1);
    const raw = standIns.smtp.messages[0] ?? '';
    const subject = decodeHeader(headerOf(raw, 'Subject') ?? '');
    const replyTo = decodeHeader(headerOf(raw, 'Reply-To') ?? '');
    const safeName = 'Malika \ufffd<moc.elpmaxe@live>\ufffd \ufffdx\ufffd\ufffd\ufffdOwner wrote:\ufffd\ufffdhi';
    expect(subject).toBe(`New message from your site: ${safeName}`);
    expect(replyTo).toContain(safeName);
    expect(replyTo).toMatch(/<malika@example\.uz>$/);
    expect(subject).not.toMatch(INVISIBLE);
    expect(replyTo).not.toMatch(INVISIBLE);

    const telegram = String(standIns.bot.calls[0]?.text);
    expect(telegram.split('\n')[0]).toBe(`${safeName} <malika@example.uz> wrote:`);
    expect(telegram).not.toMatch(INVISIBLE);
  });
});

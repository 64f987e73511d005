import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { signInAsOwner } from '../support/owner.js';
import { byRole, byText } from '../support/site-page.js';
import { ownerTexts } from '../support/texts.js';

const uz = ownerTexts.lotin;

// The studio's journeys (edit, upload by picker, drag and paste, autosave, preview, publish) belong
// in journeys/studio.test.ts once the studio lands, starting from signInAsOwner.
journeys('the owner', (site, size) => {
  it('signs in and reads a new message in the inbox', async () => {
    const page = site();
    // Signed out, the owner API answers 401 by design, and browsers log a 401 as an error.
    page.allow(/→ 401|status of 401/);
    const sender = `Ольга ${page.engine} ${size} ${randomBytes(3).toString('hex')}`;
    const text = `Здравствуйте! Нужен логотип для кафе (${page.engine}).`;
    // A visitor's message through the real API, as the contact form sends it after a person typed it.
    const sent = await fetch(`${page.proxy.url}/api/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: sender,
        email: 'olga@example.ru',
        message: text,
        locale: 'russian',
        filled_in_ms: 40_000,
      }),
    });
    expect(sent.status).toBe(201);

    await signInAsOwner(page);
    await page.expectVisible(byText(uz.states.new));
    await page.click(byRole('link', new RegExp(sender)));
    await page.expectFocused(byRole('heading', sender, { level: 1 }));
    await page.expectVisible(byText(text));
    await page.expectVisible(byText(uz.states.read));
    await page.click(byRole('link', uz.actions.back));
    await page.expectVisible(byRole('heading', new RegExp(`^${uz.nav.inbox}`), { level: 1 }));
  });
});

import { it } from 'vitest';
import { journeys } from '../support/journeys.js';
import { byLabel, byRole, byText } from '../support/site-page.js';
import { texts } from '../support/texts.js';

const form = texts.lotin.contact.contact_form;

journeys('the contact form', (site, size) => {
  it('shows each field’s error in the visitor’s words, then sends and says so', async () => {
    const page = site();
    await page.open('/contact');
    await page.expectVisible(byText(form.status.default));

    await page.fill(byLabel(form.email), 'not-an-email');
    await page.fill(byLabel(form.message), 'short');
    await page.click(byRole('button', form.send));
    await page.expectAttribute(byLabel(form.name), 'aria-invalid', 'true');
    await page.expectFocused(byLabel(form.name));
    await page.expectVisible(byText(form.errors.required));
    await page.expectVisible(byText(form.errors.invalid_email));
    await page.expectVisible(byText(form.errors.too_short.replace('{{min}}', '10')));

    await page.fill(byLabel(form.name), `Malika (${page.engine}, ${size})`);
    await page.fill(byLabel(form.email), '@example.uz');
    await page.fill(byLabel(form.message), ' Assalomu alaykum! Yangi loyiha haqida gaplashsak.');
    await page.click(byRole('button', form.send));
    await page.expectVisible(byText(form.status.success));
    await page.expectValue('the message field, emptied', 'document.querySelector("textarea")?.value', '');
  });
});

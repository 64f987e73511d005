import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import english from '../../../i18n/owner-locales/english.json';
import { ApiError } from '../../../shared/api/api-client.js';
import { CodeField, Field, PasswordField, SelectField } from './field.js';
import { placeError } from './field-errors.js';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'english', resources: { english: { owner: english } }, interpolation: { escapeValue: false } });

const wrongPassword = new ApiError('wrong', 'wrong_password', 401);

/** The field's markup, and its elements' attributes by tag, read back from the server's HTML. */
function render(field: ReactNode) {
  const html = renderToStaticMarkup(<I18nextProvider i18n={i18n}>{field}</I18nextProvider>);
  const attributes = (tag: string) =>
    Object.fromEntries(
      [...(html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(
        ([, name, value]) => [name, value],
      ),
    );
  const textOf = (id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];
  return { html, label: attributes('label'), input: attributes('input'), select: attributes('select'), textOf };
}

describe('Field', () => {
  it('is named by its label and described by its hint and its error, and invalid while it has one', () => {
    const { label, input, textOf } = render(
      <Field label="Code" hint="Six digits from the app." name="code" error={wrongPassword} readOnly value="1" />,
    );
    expect(input.id).toBeTruthy();
    expect(label.for).toBe(input.id);
    expect(input['aria-invalid']).toBe('true');
    const [hint, error] = (input['aria-describedby'] ?? '').split(' ');
    expect(textOf(hint ?? '')).toBe('Six digits from the app.');
    expect(textOf(error ?? '')).toBe(english.errors.wrong_password);
    expect(input.name).toBe('code');
  });

  it('ties a choice from a list to its label, hint and error the same way', () => {
    const { label, select, textOf } = render(
      <SelectField label="Day" hint="In UTC." error="Pick a day." name="day" defaultValue="1">
        <option value="1">Monday</option>
      </SelectField>,
    );
    expect(label.for).toBe(select.id);
    expect(select['aria-invalid']).toBe('true');
    const [hint, error] = (select['aria-describedby'] ?? '').split(' ');
    expect(textOf(hint ?? '')).toBe('In UTC.');
    expect(textOf(error ?? '')).toBe('Pick a day.');
    expect(select.name).toBe('day');
  });

  it('without an error is valid, and says its error nowhere', () => {
    const { html, input, textOf } = render(<Field label="Name" hint="Optional." readOnly value="" />);
    expect(input['aria-invalid']).toBeUndefined();
    expect(textOf(input['aria-describedby'] ?? '')).toBe('Optional.');
    expect(html).not.toContain('role="alert"');
    expect(render(<Field label="Name" readOnly value="" />).input['aria-describedby']).toBeUndefined();
  });

  it('says words given as its error as they are, in an alert', () => {
    const { html, input, textOf } = render(<Field label="Note" error="Too long." readOnly value="" />);
    expect(textOf(input['aria-describedby'] ?? '')).toBe('Too long.');
    expect(html).toContain('role="alert"');
  });
});

describe('the password and code fields', () => {
  it('ask the browser for the saved password, for a new one as long as the server wants, and for the app’s code', () => {
    const current = render(<PasswordField kind="current" label="Password" readOnly value="" />).input;
    expect(current).toMatchObject({ type: 'password', name: 'password', autoComplete: 'current-password' });
    const fresh = render(<PasswordField kind="new" label="New password" readOnly value="" />).input;
    expect(fresh).toMatchObject({
      type: 'password',
      name: 'new-password',
      autoComplete: 'new-password',
      minLength: '12',
    });
    const code = render(<CodeField label="Code" readOnly value="" />).input;
    expect(code).toMatchObject({
      name: 'code',
      autoComplete: 'one-time-code',
      autoCapitalize: 'none',
      spellCheck: 'false',
    });
  });
});

describe('placeError', () => {
  it('gives an error to the field its code is about, any other to the form', () => {
    expect(placeError(wrongPassword, { password: 'wrong_password', code: 'wrong_code' })).toEqual({
      password: wrongPassword,
      code: undefined,
      form: undefined,
    });
    const network = new ApiError('offline', 'network', 0);
    expect(placeError(network, { password: 'wrong_password' })).toEqual({ password: undefined, form: network });
    expect(placeError('Signed out.', { password: 'wrong_password' })).toEqual({
      password: undefined,
      form: 'Signed out.',
    });
  });

  it('never gives an error to a field that is not shown', () => {
    const wrongCode = new ApiError('wrong', 'wrong_code', 401);
    expect(placeError(wrongCode, { password: 'wrong_password', code: false })).toEqual({
      password: undefined,
      code: undefined,
      form: wrongCode,
    });
  });
});

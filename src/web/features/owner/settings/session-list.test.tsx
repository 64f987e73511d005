import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import russian from '../../../i18n/owner-locales/russian.json';
import { SessionList } from './session-list.js';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'russian', resources: { russian: { owner: russian } }, interpolation: { escapeValue: false } });

describe('SessionList', () => {
  it('names a device by its browser and system, and one it does not know in the reader language', () => {
    // The server stored "Unknown browser", which stood in English on the Russian and Uzbek settings.
    const at = '2026-11-27T10:00:00.000Z';
    const session = { createdAt: at, lastSeenAt: at, expiresAt: at, current: false };
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <SessionList
          sessions={[
            { ...session, id: 'a', device: 'Firefox, Linux', current: true },
            { ...session, id: 'b', device: '' },
          ]}
          onEnd={() => {}}
        />
      </I18nextProvider>,
    );
    const names = [...html.matchAll(/<strong[^>]*>([^<]*)/g)].map(([, name]) => name);
    expect(names).toEqual(['Firefox, Linux', 'Неизвестный браузер']);
  });
});

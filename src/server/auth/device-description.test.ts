import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-description.js';

describe('describeDevice', () => {
  it('names the browser and the system in no language of its own, as the owner reads it in any', () => {
    // "Chrome on Linux" stood in English on the Russian and Uzbek settings and sign-in notices.
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome, Linux');
    expect(describeDevice('Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')).toBe(
      'Firefox, Android',
    );
    expect(describeDevice('curl/8.5.0')).toBe('curl');
  });

  it('answers nothing for a browser it does not know, to be named in the reader language', () => {
    // "Unknown browser" was stored, and stood in English on the Russian and Uzbek settings.
    expect(describeDevice('SomeCrawler/2.1')).toBe('');
    expect(describeDevice(undefined)).toBe('');
  });
});

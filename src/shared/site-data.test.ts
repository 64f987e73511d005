import { describe, expect, it } from 'vitest';
import { siteDataScript } from './site-data.js';

describe('siteDataScript', () => {
  it('is inert JSON that no text of the owner can break out of', () => {
    const name = { lotin: 'Ali', russian: 'Али', english: 'Ali' };
    const identity = { first_name: name, last_name: name, role: name, phone: '</script><script>alert(1)</script>' };
    const script = siteDataScript({ identity });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = /^<script id="site-data" type="application\/json">(.*)<\/script>$/.exec(script)?.[1];
    expect(JSON.parse(json ?? '')).toEqual({ identity });
  });
});

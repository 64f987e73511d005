import { expect } from 'vitest';
import type { TestApp } from './helper.js';

/**
 * Asks for `url` twice with `headers` and checks that it is answered from memory: in brotli, with its
 * length, compressed once (the same bytes both times). Answers the first answer.
 */
export async function expectBrotliFromMemory(testApp: TestApp, url: string, headers: Record<string, string>) {
  const first = await testApp.app.inject({ url, headers });
  const second = await testApp.app.inject({ url, headers });
  expect(first.headers['content-encoding']).toBe('br');
  expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
  expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  return first;
}

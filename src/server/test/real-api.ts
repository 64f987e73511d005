import { vi } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

/**
 * For the web app's unit tests: runs the real server on a free port and lets the web code's relative
 * `/api/v1/...` calls reach it, as they would in a browser on the same origin. Records each call.
 */
export async function startRealApi(userAgent = 'Mozilla/5.0 (X11; Linux x86_64)') {
  const testApp: TestApp = await createTestApp();
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('navigator', { userAgent });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    requests.push({ url: input, init });
    // As a browser would, the request carries its user agent (Node's own, "node", reads as a script).
    return realFetch(new URL(input, address), {
      ...init,
      headers: { ...(init?.headers as Record<string, string> | undefined), 'user-agent': userAgent },
    });
  });
  return {
    testApp,
    requests,
    stop: async () => {
      vi.unstubAllGlobals();
      await testApp.close();
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from './helper.js';
import { jsonLinesInto } from './log-lines.js';

describe(`a test app on ${testDialect}`, () => {
  it('is handed over once its start-up jobs have run, so none reads what a test is still writing', async () => {
    const lines: { msg: string; job?: string }[] = [];
    const testApp = await createTestApp({}, undefined, {
      logger: { level: 'debug', stream: jsonLinesInto(lines) },
    });
    try {
      const finished = lines.filter((line) => line.msg === 'job finished').map((line) => line.job);
      expect(finished).toEqual(
        expect.arrayContaining(['statistics-housekeeping', 'weekly-summary', 'inbox-housekeeping']),
      );
    } finally {
      await testApp.close();
    }
  });
});

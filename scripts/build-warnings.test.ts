import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { failOnBuildWarnings } from './build-warnings.js';

const closeBundle = (plugin: Plugin) => {
  if (typeof plugin.closeBundle !== 'function') throw new Error('no closeBundle hook');
  return () => (plugin.closeBundle as () => void).call(undefined);
};

describe('a build that warns fails', () => {
  it('fails once the bundle is written, naming every warning', () => {
    const { logger, plugin } = failOnBuildWarnings();
    logger.warn('[INEFFECTIVE_DYNAMIC_IMPORT] english.json is dynamically imported but also statically imported');
    logger.warnOnce('A PostCSS plugin did not pass the `from` option');
    logger.warnOnce('A PostCSS plugin did not pass the `from` option');
    expect(closeBundle(plugin)).toThrow(
      /warned 2 time\(s\).*INEFFECTIVE_DYNAMIC_IMPORT.*did not pass the `from` option/s,
    );
  });

  it('passes a build that only informed', () => {
    const { logger, plugin } = failOnBuildWarnings();
    logger.info('✓ built in 2.23s');
    expect(closeBundle(plugin)).not.toThrow();
  });
});

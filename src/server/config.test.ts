import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, loopback and SQLite under data/', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', file: path.join('/srv/site', 'data', 'sahifa.sqlite') },
      contentDir: '/srv/site/content',
      trustProxy: false,
      contactRateLimit: { max: 5, windowMinutes: 10 },
      visitorRateLimit: 30,
    });
  });

  it('switches to PostgreSQL with DATABASE_URL and reads the proxy setting', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/site', TRUST_PROXY: '2', PORT: '8080' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db/site' });
    expect(config.trustProxy).toBe(2);
    expect(config.port).toBe(8080);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: /],
    [{ PORT: '70000' }, /PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres:\/\//],
    [{ TRUST_PROXY: 'yes please' }, /TRUST_PROXY: use false, true/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
  ])('rejects %j with a clear error', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createSecretBox, loadSecretKey, parseSecretKey, SecretBoxError, SecretKeyFileError } from './secret-box.js';

const KEY_HEX = 'a'.repeat(64);
const KEY_BASE64 = Buffer.alloc(32, 7).toString('base64');

describe('the secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 1));

  it('opens what it sealed, with a version prefix and a fresh IV each time', () => {
    const first = box.seal('app-password ✓');
    const second = box.seal('app-password ✓');
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('app-password');
    expect(box.open(first)).toBe('app-password ✓');
    expect(box.open(second)).toBe('app-password ✓');
  });

  it('refuses a changed ciphertext, IV or tag, a cut value and another key', () => {
    const sealed = box.seal('secret');
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(ciphertext)],
      [version, flip(iv), tag, ciphertext],
      [version, iv, flip(tag), ciphertext],
      ['v2', iv, tag, ciphertext],
      [version, iv, tag],
    ]) {
      expect(() => box.open(tampered.join('.'))).toThrow(SecretBoxError);
    }
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow(SecretBoxError);
  });

  it('reads a key written as hex or base64 and nothing else', () => {
    expect(parseSecretKey(KEY_HEX)).toEqual(Buffer.alloc(32, 0xaa));
    expect(parseSecretKey(`${KEY_BASE64}\n`)).toEqual(Buffer.alloc(32, 7));
    expect(parseSecretKey('short')).toBeUndefined();
    expect(parseSecretKey(Buffer.alloc(16).toString('base64'))).toBeUndefined();
    expect(parseSecretKey('a'.repeat(63))).toBeUndefined();
  });
});

describe('the key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is made on the first start in DATA_DIR/secret.key, readable by its owner alone, and kept across starts', () => {
    const dataDir = path.join(tempDir(), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.secretKey.file).toBe(path.join(dataDir, 'secret.key'));
    const first = loadSecretKey(config.secretKey);
    expect(statSync(config.secretKey.file).mode & 0o777).toBe(0o600);
    const second = loadSecretKey(loadConfig({ DATA_DIR: dataDir }).secretKey);
    expect(second).toEqual(first);
    const sealed = createSecretBox(first).seal('kept');
    expect(createSecretBox(second).open(sealed)).toBe('kept');
    expect(parseSecretKey(readFileSync(config.secretKey.file, 'utf8'))).toEqual(first);
  });

  it('comes from SECRET_KEY when set, which wins over the file', () => {
    const dataDir = tempDir();
    loadSecretKey(loadConfig({ DATA_DIR: dataDir }).secretKey);
    expect(loadSecretKey(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: KEY_HEX }).secretKey)).toEqual(
      Buffer.alloc(32, 0xaa),
    );
    expect(loadSecretKey(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: KEY_BASE64 }).secretKey)).toEqual(
      Buffer.alloc(32, 7),
    );
  });

  it('stops start-up on a malformed SECRET_KEY, naming it but not echoing it', () => {
    const load = () => loadConfig({ SECRET_KEY: 'not-a-key-at-all' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SECRET_KEY: must be 32 bytes as base64/);
    expect(load).not.toThrow(/not-a-key-at-all/);
  });

  it('stops start-up on a key file that holds no key, rather than make a new one', () => {
    const file = path.join(tempDir(), 'secret.key');
    writeFileSync(file, 'garbage\n');
    expect(() => loadSecretKey({ file })).toThrow(SecretKeyFileError);
    expect(readFileSync(file, 'utf8')).toBe('garbage\n');
  });
});

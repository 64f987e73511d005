import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the owner types in the browser (the SMTP password, later a bot token) are kept sealed:
 * AES-256-GCM with a 32-byte key that lives outside the database (docs/decisions/032). A copy of
 * the database alone does not reveal them.
 */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The format's version, so a later change of cipher can still open what this one sealed. */
const VERSION = 'v1';

/** Thrown when a sealed value is not one this key made: tampered with, cut, or sealed with another key. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts), a fresh random IV each time. */
  seal(plaintext: string): string;
  /** The plaintext, or SecretBoxError when the value was changed or sealed with another key. */
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretBoxError(`The key must be ${KEY_BYTES} bytes`);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new SecretBoxError('Not a sealed value');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretBoxError('Not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tagBytes);
        const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
        return plaintext.toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value was changed or sealed with another key');
      }
    },
  };
}

/** A key written as base64 (`openssl rand -base64 32`) or hex (64 characters); undefined if it is neither. */
export function parseSecretKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  return undefined;
}

/** A key file that is there but holds no key: start-up stops rather than make a new key and lose the secrets. */
export class SecretKeyFileError extends Error {
  override name = 'SecretKeyFileError';
}

/**
 * The key: SECRET_KEY when set (every machine behind a load balancer shares it), else the key file,
 * made (mode 0600, readable by the server's user alone) on the first start. `wx` makes the file only
 * if it is not there, so two processes starting at once both end up with the one that won.
 */
export function loadSecretKey({ fromEnvironment, file }: { fromEnvironment?: Buffer; file: string }): Buffer {
  if (fromEnvironment) return fromEnvironment;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new SecretKeyFileError(
      `${file} does not hold a key (32 bytes as base64 or hex): restore it from your backup, or delete it to make a new one (the stored passwords must then be typed again)`,
    );
  }
  return key;
}

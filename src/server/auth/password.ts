import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The owner's password is kept only as a slow scrypt hash with its parameters, so a copied database
 * does not give the password away, and the cost can grow later without breaking stored hashes.
 * N = 2^17, r = 8, p = 1 is OWASP's recommendation for scrypt; it needs 128 MiB (128·N·r bytes), more
 * than Node's 32 MiB default `maxmem`, and takes about 0.4 s here.
 */
const DEFAULT_PARAMETERS = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, { logN, r, p }: typeof DEFAULT_PARAMETERS): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$17$8$1$<salt>$<hash>` (base64url), self-describing so the parameters can change later. */
export async function hashPassword(password: string, parameters = DEFAULT_PARAMETERS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, parameters);
  const { logN, r, p } = parameters;
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// What the benches that act as the owner share: the password set before the server starts, a signed-in
// session, and a phone photo to upload.
import path from 'node:path';
import sharp from 'sharp';
import { hashPassword } from '../src/server/auth/password.js';
import { createDatabase, migrateToLatest } from '../src/server/db/database.js';
import { setPasswordHash } from '../src/server/repositories/owner-repository.js';
import { multipartBody } from '../src/server/test/multipart.js';

const PASSWORD = 'bench password, long enough';
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** The owner's password, set as `npm run owner:password` would, before the server starts. */
export async function setOwnerPassword(dataDir: string): Promise<void> {
  const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'sahifa.sqlite') });
  await migrateToLatest(db);
  await setPasswordHash(db, await hashPassword(PASSWORD));
  await db.destroy();
}

/** Signs in with the password set above; resolves with the session's cookie. */
export async function signIn(url: string): Promise<string> {
  const signedIn = await fetch(`${url}/api/v1/owner/session`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!signedIn.ok || !cookie) throw new Error(`could not sign in: ${signedIn.status}`);
  return cookie;
}

/** 4000 × 3000 pixels, as a phone takes them: sideways with orientation 6, a GPS position, quality 90. */
export async function phonePhoto(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .blur(1.5)
    .png()
    .toBuffer();
  return sharp(noise)
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Phone', Model: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Uploads a photo to the content's pictures as the owner; throws unless the server took it. */
export async function uploadPhoto(url: string, cookie: string, photo: Buffer, picturePath: string): Promise<void> {
  const body = multipartBody([
    { name: 'path', value: picturePath },
    { name: 'file', value: photo, filename: 'IMG_0001.JPG', type: 'image/jpeg' },
  ]);
  const uploaded = await fetch(`${url}/api/v1/owner/content/pictures`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, ...body.headers },
    body: new Uint8Array(body.payload),
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
}

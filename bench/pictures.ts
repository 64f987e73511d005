// `node --import tsx bench/pictures.ts`: a phone photo uploaded to the built server, pinned to one
// CPU. How long a 12-megapixel JPEG (noise under a blur, so it compresses like a photo, with EXIF
// orientation and a GPS position) takes from the upload to every variant being ready (AVIF and WebP
// at each width and the re-encoded original, made in the background after the answer), how long the
// first and a cached variant take to be served, a shared-link preview picture, and the server's
// memory after each (sharp runs in the picture process, so the server's own should barely move), and
// how long a visitor's picture takes while 80 sign-in attempts with the real password cost arrive at once.
// Needs the build (`npm run build`).
import { readFileSync } from 'node:fs';
import { startBuiltSite } from '../scripts/built-site.js';
import { MEDIA_WIDTHS } from '../src/shared/media.js';
import { phonePhoto, SAME_ORIGIN, setOwnerPassword, signIn, uploadPhoto } from './owner.js';

const SERVER_CPU = 0;
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const photo = await phonePhoto();
// One trusted proxy hop, so that each sign-in attempt of the burst below comes from its own address.
const site = await startBuiltSite(
  { LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
  { cpu: SERVER_CPU, prepare: setOwnerPassword },
);
const { url } = site;
try {
  const pid = site.process.pid ?? 0;
  // The home page's photo is made ahead at start-up; wait for the server to settle.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = rssMiB(pid);
  const cookie = await signIn(url);
  const afterSignIn = rssMiB(pid);

  const uploading = performance.now();
  await uploadPhoto(url, cookie, photo, 'portfolio/phone.jpg');
  const answered = performance.now() - uploading;
  const afterUpload = rssMiB(pid);

  // Every variant `<picture>` asks for; each request waits for the encode under way, if any. Until a
  // published version uses the picture only the owner may see it (pictures-privacy.test.ts).
  const queries = (['avif', 'webp'] as const).flatMap((format) =>
    MEDIA_WIDTHS.map((width) => `?w=${width}&f=${format}`),
  );
  const sizes: Record<string, number> = {};
  const fetchVariant = async (query: string) => {
    const answer = await fetch(`${url}/media/portfolio/phone.jpg${query}`, { headers: { cookie } });
    const bytes = (await answer.arrayBuffer()).byteLength;
    if (answer.status !== 200) throw new Error(`${query}: ${answer.status}`);
    sizes[query || 'original (made on its first request)'] = Math.round(bytes / 1024);
  };
  for (const query of queries) await fetchVariant(query);
  const ready = performance.now() - uploading;
  const cachedAsked = performance.now();
  await fetchVariant('?w=1024&f=avif');
  const cached = performance.now() - cachedAsked;
  const afterVariants = rssMiB(pid);
  const originalAsked = performance.now();
  await fetchVariant('');
  const original = performance.now() - originalAsked;
  const afterOriginal = rssMiB(pid);
  // A shared link's preview picture, drawn from the home photo.
  const previewAsked = performance.now();
  const preview = await fetch(`${url}/og/english.jpg`);
  if (preview.status !== 200) throw new Error(`/og/english.jpg: ${preview.status}`);
  await preview.arrayBuffer();
  const previewMade = performance.now() - previewAsked;
  const afterPreview = rssMiB(pid);
  // A botnet's burst of wrong passwords, each checked at the real cost (about 0.45 s): two checks run,
  // a short queue waits and the rest is refused, so a visitor's picture does not wait behind them
  // (src/server/auth/verification-slots.ts; sign-in-flood.test.ts proves it comes while they run).
  const burst = Array.from({ length: 80 }, (_, index) =>
    fetch(`${url}/api/v1/owner/session`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index + 1}` },
      body: JSON.stringify({ password: `guess number ${index}` }),
    }).then((answer) => answer.status),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  const duringBurstAsked = performance.now();
  const visitorPicture = await fetch(`${url}/media/owner.svg`);
  if (visitorPicture.status !== 200) throw new Error(`/media/owner.svg: ${visitorPicture.status}`);
  await visitorPicture.arrayBuffer();
  const duringBurst = performance.now() - duringBurstAsked;
  const refused = (await Promise.all(burst)).filter((status) => status === 429).length;
  // sharp runs only in the picture process: libvips should never be mapped into the server.
  const sharpInServer = readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips');

  console.info(
    `\nA ${(photo.length / 1024 / 1024).toFixed(1)} MB, 12-megapixel phone JPEG, uploaded to the built server (one CPU):`,
  );
  console.table({
    'upload answered (checked, decoded, stored)': `${Math.round(answered)} ms`,
    [`all ${queries.length} AVIF and WebP variants ready after the upload`]: `${(ready / 1000).toFixed(1)} s`,
    'a cached variant served': `${cached.toFixed(1)} ms`,
    'the whole-size original, re-encoded on its first request': `${(original / 1000).toFixed(1)} s`,
    'a shared-link preview picture (/og/english.jpg), first request': `${Math.round(previewMade)} ms`,
    [`a visitor's picture (/media/owner.svg) while 80 sign-in attempts arrive at once (${refused} refused with 429)`]: `${duringBurst.toFixed(1)} ms`,
  });
  console.info('Variant sizes (KB):');
  console.table(sizes);
  console.info(
    `Server memory: ${before.toFixed(0)} MiB RSS at rest, ${afterSignIn.toFixed(0)} MiB once the owner is signed in, ${afterUpload.toFixed(0)} MiB once it is answered, ${afterVariants.toFixed(0)} MiB once its variants are made, ${afterOriginal.toFixed(0)} MiB after the whole-size original, ${afterPreview.toFixed(0)} MiB after a preview picture; libvips ${sharpInServer ? 'IS' : 'is not'} loaded in the server.`,
  );
} finally {
  site.stop();
}

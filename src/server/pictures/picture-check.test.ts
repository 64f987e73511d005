import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkPicture, PictureError } from './picture-check.js';
import { pictureProcessesStarted } from './picture-process.js';

async function codeOf(picturePath: string, bytes: Buffer): Promise<string> {
  try {
    await checkPicture(picturePath, bytes);
    return 'accepted';
  } catch (error) {
    if (error instanceof PictureError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

const ftyp = (...brands: string[]) => {
  const box = Buffer.alloc(8 + brands.length * 4 + 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands[0] ?? 'isom', 8, 'latin1');
  brands.forEach((brand, index) => {
    box.write(brand, 16 + index * 4, 'latin1');
  });
  return Buffer.concat([box, Buffer.alloc(200, 1)]);
};

describe('the picture check', () => {
  it('refuses junk and other formats from their first bytes in the server, starting no picture process', async () => {
    const started = pictureProcessesStarted();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 7)]);
    expect(await codeOf('archive.jpg', zip)).toMatch(/^picture_unreadable: archive\.jpg is not a picture/);
    expect(await codeOf('page.png', Buffer.from('<html><script>alert(1)</script></html>'))).toMatch(
      /^picture_unreadable/,
    );
    expect(
      await codeOf('random.webp', Buffer.from(Array.from({ length: 500 }, (_, index) => (index * 37) % 256))),
    ).toMatch(/^picture_unreadable/);
    expect(await codeOf('cat.jpg', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'))).toBe(
      'picture_type_mismatch: cat.jpg is named as image/jpeg but holds image/gif',
    );
    expect(await codeOf('phone.avif', ftyp('heic', 'mif1', 'heic'))).toBe(
      'picture_type_mismatch: phone.avif is named as image/avif but holds image/heic',
    );
    expect(await codeOf('clip.avif', ftyp('isom', 'mp41'))).toMatch(/^picture_unreadable/);
    expect(await codeOf('png.jpg', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      'picture_type_mismatch: png.jpg is named as image/jpeg but holds image/png',
    );
    // Only text that starts as XML goes to the SVG check in the picture process.
    expect(await codeOf('logo.svg', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'))).toBe(
      'picture_type_mismatch: logo.svg is named as an SVG but is not one',
    );
    expect(await codeOf('logo.svg', Buffer.from('<svg>\u0000</svg>'))).toBe(
      'picture_type_mismatch: logo.svg is named as an SVG but is not one',
    );
    expect(pictureProcessesStarted()).toBe(started);
  });

  it('decodes every accepted raster format in one picture process, with its upright size; the process is let go when idle', async () => {
    const before = pictureProcessesStarted();
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#1a7f5a' } });
    const sideways = await base.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await checkPicture('sideways.jpg', sideways)).toMatchObject({
      contentType: 'image/jpeg',
      width: 48,
      height: 64,
    });
    // The first check starts the process, or finds one an earlier test file left within its idle time
    // (test files share their worker's modules).
    const started = pictureProcessesStarted();
    expect(started - before).toBeLessThanOrEqual(1);
    for (const [name, bytes, type] of [
      ['flat.png', await base.clone().png().toBuffer(), 'image/png'],
      ['flat.webp', await base.clone().webp().toBuffer(), 'image/webp'],
      ['flat.avif', await base.clone().avif().toBuffer(), 'image/avif'],
    ] as const) {
      expect(await checkPicture(name, bytes)).toMatchObject({ contentType: type, width: 64, height: 48 });
    }
    const noisy = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await codeOf('half.jpg', noisy.subarray(0, noisy.length / 2))).toBe(
      'picture_unreadable: half.jpg is truncated or corrupt: it cannot be decoded',
    );
    // One process for the whole burst; after two idle seconds it is gone and the next check starts another.
    expect(pictureProcessesStarted()).toBe(started);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await checkPicture('sideways.jpg', sideways)).toMatchObject({ width: 48 });
    expect(pictureProcessesStarted()).toBe(started + 1);
  });
});

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">';

describe('the SVG check, reading SVG as XML as a browser does', () => {
  const refused = async (svg: string) => codeOf('drawing.svg', Buffer.from(svg));

  it.each([
    [
      'an HTML raw-text element hiding a script (textarea)',
      `${SVG_OPEN}<p/><textarea><script>alert(1)</script></textarea></svg>`,
      '<script>',
    ],
    [
      'an HTML raw-text element hiding a script (plaintext)',
      `${SVG_OPEN}<p/><plaintext><script>alert(1)</script></plaintext></svg>`,
      '<script>',
    ],
    [
      'an HTML raw-text element hiding a script (noembed)',
      `${SVG_OPEN}<p/><noembed><script>alert(1)</script></noembed></svg>`,
      '<script>',
    ],
    [
      'an HTML raw-text element hiding a handler',
      `${SVG_OPEN}<textarea><image href="#x" onerror="alert(1)"/></textarea></svg>`,
      'onerror',
    ],
    [
      'a CSS escape spelling url(',
      `${SVG_OPEN}<style>rect { fill: u\\72l(http://evil.example/a.svg#p) }</style><rect width="4" height="4"/></svg>`,
      'url(http://evil.example/a.svg#p)',
    ],
    [
      'a CSS escape in a style attribute',
      `${SVG_OPEN}<rect style="fill: \\75 rl(//evil.example/p)" width="4" height="4"/></svg>`,
      'url(//evil.example/p)',
    ],
    [
      'image-set with a plain string',
      `${SVG_OPEN}<style>rect { fill: image-set("http://evil.example/p.png" 1x) }</style></svg>`,
      'image-set()',
    ],
    [
      'a fill presentation attribute with an outside url()',
      `${SVG_OPEN}<rect fill="url(http://evil.example/p.svg#g)" width="4" height="4"/></svg>`,
      'url(http://evil.example/p.svg#g)',
    ],
    [
      'a filter presentation attribute with an outside url()',
      `${SVG_OPEN}<rect filter="url('https://evil.example/f.svg#f')" width="4" height="4"/></svg>`,
      'url(https://evil.example/f.svg#f)',
    ],
    [
      'an external DOCTYPE',
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://evil.example/svg11.dtd">${SVG_OPEN}<rect width="4" height="4"/></svg>`,
      '<!DOCTYPE>',
    ],
    [
      'an internal DOCTYPE with an entity',
      `<!DOCTYPE svg [<!ENTITY x "y">]>${SVG_OPEN}<text>&x;</text></svg>`,
      '<!DOCTYPE>',
    ],
    [
      'a stylesheet processing instruction',
      `<?xml-stylesheet href="http://evil.example/a.css"?>${SVG_OPEN}</svg>`,
      '<?xml-stylesheet?>',
    ],
    ['an SVG script', `${SVG_OPEN}<script>alert(1)</script></svg>`, '<script>'],
    ['an event handler', `${SVG_OPEN}<rect onclick="alert(1)" width="4" height="4"/></svg>`, 'onclick'],
    [
      'an animation that sets a link',
      `${SVG_OPEN}<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`,
      '<set>',
    ],
    [
      'a foreignObject with HTML',
      `${SVG_OPEN}<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
      '<foreignObject>',
    ],
    [
      'an outside picture',
      `${SVG_OPEN}<image href="https://tracker.example/p.png"/></svg>`,
      'https://tracker.example/p.png',
    ],
    [
      'an outside sprite',
      `${SVG_OPEN}<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="//evil.example/s.svg#a"/></svg>`,
      '//evil.example/s.svg#a',
    ],
    ['@import', `${SVG_OPEN}<style>@import 'https://evil.example/a.css';</style></svg>`, '@import'],
    [
      'a CDATA stylesheet with an outside font',
      `${SVG_OPEN}<style><![CDATA[@font-face { font-family: x; src: url(https://evil.example/f.woff) }]]></style></svg>`,
      '@font-face',
    ],
  ])('refuses %s, naming it', async (_name, svg, named) => {
    const answer = await refused(svg);
    expect(answer).toMatch(/^picture_unsafe_svg: drawing\.svg is refused/);
    expect(answer).toContain(named);
  });

  it('refuses what is no SVG as XML reads it', async () => {
    expect(await refused('<svg><p>not closed</svg>')).toMatch(
      /^picture_unreadable: drawing\.svg is not well-formed XML/,
    );
    expect(await refused('<svg viewBox="0 0 4 4"><rect width="4" height="4"/></svg>')).toMatch(
      /^picture_type_mismatch: drawing\.svg is named as an SVG but is not one/,
    );
    expect(await refused('<html xmlns="http://www.w3.org/1999/xhtml"/>')).toMatch(/^picture_type_mismatch/);
  });

  it('accepts an icon with paths, gradients, a filter, local url(#id) references, a title and a CDATA stylesheet', async () => {
    const icon = `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn by hand -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="48" height="32" viewBox="0 0 24 16" role="img" aria-labelledby="t">
  <title id="t">A logo</title>
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="#0d6973"/><stop offset="1" stop-color="#f5a623" stop-opacity=".8"/>
    </linearGradient>
    <radialGradient id="r" cx=".5" cy=".5" r=".5" xlink:href="#g"/>
    <clipPath id="c"><circle cx="12" cy="8" r="7"/></clipPath>
    <filter id="f"><feGaussianBlur stdDeviation="0.5"/><feOffset dx="1" dy="1"/></filter>
    <style><![CDATA[ .mark { fill: url(#r); font-family: 'Open Sans', sans-serif } ]]></style>
  </defs>
  <g clip-path="url(#c)" filter="url(#f)">
    <path d="M2 2h20v12H2z" fill="url(#g)" stroke="#000" stroke-width=".5"/>
    <path class="mark" d="M4 4l8 8 8-8" style="stroke: url( '#g' ); fill-rule: evenodd"/>
  </g>
  <use href="#c" x="2"/>
  <text x="2" y="14" font-size="3">Sahifa</text>
</svg>`;
    expect(await checkPicture('logo.svg', Buffer.from(icon))).toMatchObject({
      contentType: 'image/svg+xml',
      width: 48,
      height: 32,
    });
  });
});

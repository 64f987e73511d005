// Lighthouse is a tool, not a dependency: it runs through `npx` at a pinned version (12.x, the last
// major that runs on Node 20), so `npm ci` does not fetch its 185 MB for every test run.
import { spawnSync } from 'node:child_process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/built-site.js';

export const LIGHTHOUSE = 'lighthouse@12.8.2';

/** One Lighthouse run on a page with Debian's Chromium, its JSON report written to `output`. */
export function runLighthouse(url: string, output: string, formFactor: 'mobile' | 'desktop' = 'mobile') {
  const run = () =>
    spawnSync(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
        `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
      ],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
    );
  // Lighthouse now and then loses its trace of a load (NO_NAVSTART); such a run is tried again.
  let result = run();
  if (result.status !== 0 && /NO_NAVSTART|NO_FCP/.test(result.stderr)) result = run();
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url}: ${result.stderr}`);
}

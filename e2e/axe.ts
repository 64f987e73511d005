import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** What axe looks at: the whole page, or only `include`, and never `exclude` (the preview's frame, say). */
type AxeScope = { include?: string; exclude?: string };

/**
 * Waits for the page's finite animations and transitions to end: a theme switched or a dialog opened
 * just before fades its colours in, and axe measuring contrast half-way reports colours nobody sees.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fails the test on any serious or critical axe finding on the page as it is now, saying `where`
 * (the screen, width or theme) and each finding's rule with the elements it was found on.
 */
export async function expectNoAxeViolations(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
  await settled(page);
  // Legacy mode runs axe in the page itself (and in its frames) at once. The default runs it in parts
  // and finishes in a new blank page, injecting axe there too: three times the work per scan here
  // (a long form: 6.9 s against 1.7 s), the same rules on the same nodes. Only violations are wanted
  // back, not every node that passed.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`),
    where,
  ).toEqual([]);
}

/**
 * The selects whose chosen option (or any of their options) is wider than the room the closed select
 * gives it ("По дате, сначала нов"): the text measured in the select's own font against its width less
 * padding and the arrow.
 */
export function clippedChoices(page: Page, options: 'chosen' | 'every' = 'chosen'): Promise<string[]> {
  return page.evaluate((which) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    // Chromium draws a closed select's arrow inside its padding box, about this wide.
    const ARROW = 20;
    return [...document.querySelectorAll('select')].flatMap((select) => {
      const style = getComputedStyle(select);
      if (style.display === 'none' || select.offsetParent === null) return [];
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      const shown = which === 'every' ? [...select.options] : [...select.selectedOptions];
      return shown
        .filter((option) => context.measureText(option.text).width > room)
        .map((option) => `${select.labels[0]?.textContent?.trim() || select.name || select.id}: "${option.text}"`);
    });
  }, options);
}

/**
 * The owner's rule for every screen: axe clean, no sideways scrolling and no clipped choice at a
 * phone's 320 px and a desktop's 1280 px, in the light and the dark theme (chosen as the theme switch does).
 */
export async function expectCleanAtPhoneAndDesktop(page: Page, screen: string, scope: AxeScope = {}): Promise<void> {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      const where = `${screen}, ${width} px, ${theme}`;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scrolling: ${where}`).toBeLessThanOrEqual(0);
      expect(await clippedChoices(page), `clipped choices: ${where}`).toEqual([]);
      await expectNoAxeViolations(page, where, scope);
    }
  }
}

import { type ReactNode, Suspense, use } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { Theme } from '../../../shared/theme.js';
import { createStore } from '../../shared/lib/create-store.js';
import { ThemeContext, useTheme } from './theme.js';

function ShownTheme() {
  return <output>{useTheme()}</output>;
}

/** Renders its children only once `opened` resolves: a page that waits half-way, as a streamed one does. */
function Gate({ opened, children }: { opened: Promise<void>; children: ReactNode }) {
  use(opened);
  return children;
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** A page as the server renderer (entry-server.tsx) gives it its visitor's theme. */
function renderPage(theme: Theme, opened: Promise<void>) {
  return prerender(
    <ThemeContext value={createStore(theme)}>
      <Suspense fallback={null}>
        <Gate opened={opened}>
          <ShownTheme />
        </Gate>
      </Suspense>
    </ThemeContext>,
  );
}

async function markup(rendering: ReturnType<typeof prerender>): Promise<string> {
  return new Response((await rendering).prelude).text();
}

describe('the theme on the server', () => {
  it('two pages rendered at the same time each show their own visitor theme', async () => {
    const darkGate = gate();
    const lightGate = gate();
    const dark = renderPage('dark', darkGate.opened);
    const light = renderPage('light', lightGate.opened);
    // The light page finishes while the dark one waits half-way; then the dark one finishes.
    lightGate.open();
    expect(await markup(light)).toContain('<output>light</output>');
    darkGate.open();
    expect(await markup(dark)).toContain('<output>dark</output>');
  });
});

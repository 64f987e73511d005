import { launchChromium } from './chromium.js';
import { ENGINES, type Engine, type EngineDriver } from './engine-driver.js';
import { launchFirefox } from './firefox.js';
import { launchWebKit } from './webkit.js';

const LAUNCHERS: Record<Engine, () => Promise<EngineDriver>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebKit,
};

export function launchEngine(engine: Engine): Promise<EngineDriver> {
  return LAUNCHERS[engine]();
}

/** The engines to run: all three, or those `ENGINES` names (`ENGINES=firefox`, `ENGINES=chromium,webkit`). */
export function selectedEngines(list = process.env.ENGINES): Engine[] {
  if (!list?.trim()) return [...ENGINES];
  const names = list.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(ENGINES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`ENGINES names ${unknown.join(', ')}; the engines are ${ENGINES.join(', ')}`);
  return ENGINES.filter((engine) => names.includes(engine));
}

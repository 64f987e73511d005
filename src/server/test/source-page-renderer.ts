import path from 'node:path';
import type { ServerEntry } from '../../shared/page-rendering.js';

/** The web app's server bundle from source (Vitest compiles it), so the pages rendered are the real ones. */
export async function sourcePageRenderer(): Promise<ServerEntry> {
  const entry = path.resolve(import.meta.dirname, '../../web/entry-server.tsx');
  return (await import(/* @vite-ignore */ entry)) as ServerEntry;
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMES, PAGES } from '../../shared/pages.js';
import { PAGE_COMPONENTS } from './page-components.js';

describe('the page table and the pages’ components', () => {
  it.each(PAGE_NAMES)(
    '%s is imported lazily exactly when its entry names a lazy module, and from that module',
    async (name) => {
      const component = PAGE_COMPONENTS[name];
      const { lazyModule } = PAGES[name];
      if (!lazyModule) {
        expect('Component' in component).toBe(true);
        return;
      }
      // The server preloads the chunk of the module the table names: it must be the module the router loads.
      if (!('lazy' in component)) throw new Error(`${name} names ${lazyModule} but is not loaded lazily`);
      const { Component } = await component.lazy();
      const module = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, '..', lazyModule))) as object;
      expect(Object.values(module)).toContain(Component);
    },
  );
});

import { describeDurability } from './durability.js';

// One file per database, so the two run side by side (tests/vitest.config.ts runs two files at a time).
describeDurability('sqlite');

import { afterEach, beforeEach } from 'vitest';
import { createConsoleGuard } from './console-guard.js';

const guard = createConsoleGuard();
beforeEach(() => guard.start());
afterEach(() => guard.stop());

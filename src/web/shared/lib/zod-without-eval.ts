import { z } from 'zod';

// zod compiles fast parsers with `new Function` once it finds eval allowed, and finding out is itself
// an eval, which the CSP (script-src 'self') refuses and reports. It must be told before any schema
// is built, so this module is imported first wherever the browser uses a schema.
z.config({ jitless: true });

import { z } from 'zod';

/**
 * The client runs under a Content-Security-Policy without 'unsafe-eval' (server/http/security-headers.ts).
 * zod's fast path compiles parsers with `new Function`; under that policy it only probes, fails,
 * falls back, and leaves a CSP violation report each time. Turned off before any schema is built:
 * the worker imports this first (its bundle runs modules in import order); the page, whose shared
 * chunks run before its entry, gets the same setting from public/zod-jitless.js.
 */
z.config({ jitless: true });

/**
 * The client runs under a Content-Security-Policy without 'unsafe-eval' (server/http/security-headers.ts).
 * zod's fast path compiles parsers with `new Function`; under that policy it only probes, fails and
 * files a violation report. zod reads this global when it builds a schema, so setting it here, first
 * in the worker entry, turns the probe off without importing zod (which the worker loads only when
 * it first polls). The page gets the same setting from public/zod-jitless.js.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

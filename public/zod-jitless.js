// zod compiles parsers with `new Function` unless told not to. Under the app's CSP (no
// 'unsafe-eval', server/http/security-headers.ts) that only fails and files a violation report,
// so it is switched off before any module runs: the bundled modules that build schemas are
// evaluated before the entry's own code, too late for z.config(). Loaded `defer` from
// index.html, which runs it in order before the module scripts without blocking rendering; a
// build runs it at the top of the page's preload script instead (vite-plugins/route-preload.ts),
// which requests the entry, one request fewer.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

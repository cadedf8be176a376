import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { errorTexts } from './vite-plugins/error-texts.ts';
import { oneLanguage, TEXT_GROUPS_SPLIT } from './vite-plugins/one-language.ts';
import { FIRST_CHUNK, MARKET_CLIENT_CHUNK } from './vite-plugins/first-chunk.ts';
import { ticketChunks } from './vite-plugins/ticket-chunks.ts';
import { pwa } from './vite-plugins/pwa.ts';
import { idlePreload } from './vite-plugins/idle-preload.ts';
import { routePreload } from './vite-plugins/route-preload.ts';

const tickets = ticketChunks(import.meta.dirname);
const apiTarget = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  // The service worker's precache list is written last, so it holds what the others emit.
  plugins: [
    oneLanguage(import.meta.dirname),
    errorTexts(),
    react(),
    tickets.plugin,
    routePreload(import.meta.dirname),
    idlePreload(import.meta.dirname),
    pwa(),
  ],
  resolve: {
    // wouter asks for React 17's useSyncExternalStore shim; React 19 has the hook itself, and the
    // shim's fallback was ~0.5 KiB of the entry's gzip that never ran.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  build: {
    outDir: 'dist/client',
    // Chromium, Firefox and Safari 17+ preload modules themselves (route-preload adds the links);
    // the polyfill, which fetched them by hand for older ones, was ~0.4 KiB of every first load.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // Budget guard: a route chunk or the entry growing past this is a regression to look at.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Seven characters of hash, not eight: the entry lists every chunk's file name (the route
        // table's preloads), ~110 of them, and the eighth character of each was ~0.25 KiB of the
        // first load's gzip. Seven is the fewest rolldown takes for this many chunks.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: { groups: [FIRST_CHUNK, MARKET_CLIENT_CHUNK, tickets.group, TEXT_GROUPS_SPLIT] },
      },
    },
  },
  // ES module workers can split: what only some streams need (the poller's zod-checked REST reads)
  // loads when first used instead of with the worker. Comlink's module worker needs this anyway.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/ipxtrg-api/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
      '/ipxtrg-api': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget },
    },
  },
});

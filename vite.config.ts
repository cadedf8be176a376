import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './scripts/vite-pwa';

const apiTarget = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), pwa()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Budget guard: a route chunk or the entry growing past this is a regression to look at.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: {
      '/ipxtrg-api/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
      '/ipxtrg-api': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget },
    },
  },
});

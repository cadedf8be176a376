import path from 'node:path';
import type { Plugin } from 'vite';
import { IDLE_MAP_META } from './src/routes/idle-map.ts';
import { IDLE_ROUTES } from './src/routes/idle-routes.ts';
import { closure, hashOf, isChunk } from './vite-route-preload.ts';

/**
 * Writes the map src/routes/idle-preload.ts fetches once the first screen has loaded: for each
 * screen of src/routes/idle-routes.ts, the files its first visit needs that the entry has not
 * loaded (its modules' chunks, their static imports and their CSS). A JSON file of its own, named
 * by a meta element in index.html, so the first load carries none of it: ~1 KiB of file names a
 * script would have added to the first load's budget, for screens not yet opened.
 */
export function idlePreload(root: string): Plugin {
  return {
    name: 'seans:idle-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        const loaded = new Set(closure(bundle, entry.fileName, new Set()));
        const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c.fileName]));
        const files: string[] = [];
        const routes: Record<string, number[]> = {};
        for (const route of IDLE_ROUTES) {
          const indices = new Set<number>();
          for (const module of route.modules) {
            const base = path.resolve(root, 'src', module);
            const chunk = byModule.get(`${base}.tsx`) ?? byModule.get(`${base}.ts`);
            if (!chunk) throw new Error(`idle-routes.ts: ${module} (${route.path}) is no chunk of its own`);
            for (const file of closure(bundle, chunk, loaded)) {
              const at = files.indexOf(file);
              indices.add(at >= 0 ? at : files.push(file) - 1);
            }
          }
          routes[route.path] = [...indices];
        }
        const source = JSON.stringify({ files: files.map((file) => `/${file}`), routes });
        const fileName = `assets/idle-preload-${hashOf(source)}.json`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `<meta name="${IDLE_MAP_META}" content="/${fileName}" />`;
        html.source = String(html.source).replace(/(\s*)<title>/, `$1${tag}$1<title>`);
      },
    },
  };
}

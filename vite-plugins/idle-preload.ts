import path from 'node:path';
import type { Plugin } from 'vite';
import { IDLE_MAP_META } from '../src/routes/idle-map.ts';
import { IDLE_ROUTES } from '../src/routes/idle-routes.ts';
import { hashOf, readBuild } from './bundle.ts';
import { PRELOAD_HELPER, withTapTexts } from './tap-texts.ts';
import { textChunksOf, textsByLanguage } from './text-links.ts';

/**
 * Writes the map src/routes/idle-preload.ts fetches once the first screen has loaded: for each
 * screen of src/routes/idle-routes.ts, the files its first visit needs that the entry has not
 * loaded (its modules' chunks, their static imports and their CSS). A JSON file of its own, named
 * by a meta element in index.html, so the first load carries none of it: ~1 KiB of file names a
 * script would have added to the first load's budget, for screens not yet opened. It also gives
 * every chunk's texts, which Vite's preloader, changed here, links with the chunk on a tap
 * (./tap-texts.ts).
 */
export function idlePreload(root: string): Plugin {
  let uses = { nonce: true, importMap: true };
  return {
    name: 'seans:idle-preload',
    apply: 'build',
    configResolved(config) {
      uses = { nonce: config.html?.cspNonce !== undefined, importMap: config.build.chunkImportMap === true };
    },
    transform(code, id) {
      return id === PRELOAD_HELPER ? withTapTexts(code, uses) : null;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const build = readBuild(bundle);
        if (!build) return;
        const { html, chunkOf, files, indexesOf } = build;
        // A screen's texts too (vite-plugins/one-language.ts), both languages': the queue fetches
        // the read one's, so a tap does not wait a round trip for them after the code.
        const at = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        const withTexts = (indices: number[]) =>
          indices.flatMap((i) => [i, ...textChunksOf(bundle, files[i] as string).map(at)]);
        const routes: Record<string, number[]> = {};
        for (const route of IDLE_ROUTES) {
          const indices = new Set<number>();
          for (const module of route.modules) {
            const chunk = chunkOf(path.resolve(root, 'src', module));
            if (!chunk) throw new Error(`idle-routes.ts: ${module} (${route.path}) is no chunk of its own`);
            for (const index of withTexts(indexesOf(chunk))) indices.add(index);
          }
          routes[route.path] = [...indices];
        }
        // Every chunk's texts by language, for Vite's preloader (vite-plugins/tap-texts.ts): off the
        // first load, as the rest of this map, and fetched before the first tap.
        const texts = textsByLanguage(bundle);
        const source = JSON.stringify({ files: files.map((file) => `/${file}`), routes, texts });
        const fileName = `assets/idle-preload-${hashOf(source)}.json`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `<meta name="${IDLE_MAP_META}" content="/${fileName}" />`;
        html.source = String(html.source).replace(/(\s*)<title>/, `$1${tag}$1<title>`);
      },
    },
  };
}

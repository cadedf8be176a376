import { IDLE_MAP_META } from '../src/routes/idle-map.ts';

/** Vite's preloader, the module every `import()` of the build goes through. */
export const PRELOAD_HELPER = '\0vite/preload-helper.js';
/** Where the preloader turns an import's files into links (Vite's `preload`, node/plugins/importAnalysisBuild). */
const DEPS_LINKED = 'allSettled(deps.map(';
/** The preloader's nonce, read from a meta element Vite writes only when `html.cspNonce` is set. */
const NONCE_READ =
  'const cspNonceMeta = document.querySelector("meta[property=csp-nonce]");\n\t\tconst cspNonce = cspNonceMeta?.nonce || cspNonceMeta?.getAttribute("nonce");';
const NONCE_SET = 'if (cspNonce) link.setAttribute("nonce", cspNonce);';
/** The preloader resolves a file by the page's import map, when the build writes one (`build.chunkImportMap`). */
const IMPORT_MAP_READ = 'if (import.meta.resolve) return new URL(import.meta.resolve(specifier));';

function replaced(code: string, part: string, by: string): string {
  if (!code.includes(part)) throw new Error(`${PRELOAD_HELPER}: no "${part}" to change`);
  return code.replace(part, by);
}

/**
 * Vite's preloader with each file's texts: an `import()` (a tap's screen, a panel a screen opens)
 * links the chunk and its imports, not the text files their modules fetch as they run
 * (vite-plugins/one-language.ts), which then started a round trip after the code. Linked with
 * them, they arrive together. The files of each chunk, by language, are the idle map's
 * (textsByLanguage, vite-plugins/text-links.ts), which src/routes/idle-preload.ts fetches as the page
 * loads and keeps as `window[IDLE_MAP_META]`: none of it is on the first load. The language is the
 * document's, which src/i18n/setup.ts keeps to the read one.
 *
 * The preloader is on every first load, and this makes room for itself there: what the preloader
 * reads for a build without a nonce (no `html.cspNonce`: the app's Content-Security-Policy allows
 * scripts by origin and hash) or an import map (no `build.chunkImportMap`, so a file's URL
 * resolves as `new URL(file, import.meta.url)` does) could never be found, and is left out. A Vite
 * whose preloader reads otherwise fails the build rather than quietly linking no texts.
 */
export function withTapTexts(code: string, uses: { nonce: boolean; importMap: boolean }): string {
  let linked = replaced(
    code,
    DEPS_LINKED,
    `allSettled(deps.flatMap((d) => [d, ...(self[${JSON.stringify(IDLE_MAP_META)}]?.texts?.[document.documentElement.lang]?.[d] || [])]).map(`,
  );
  if (!uses.nonce) linked = replaced(replaced(linked, NONCE_READ, ''), NONCE_SET, '');
  return uses.importMap ? linked : replaced(linked, IMPORT_MAP_READ, '');
}

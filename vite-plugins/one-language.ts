import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES } from '../domain/format/locale.ts';
import { hashOf } from './bundle.ts';

/** `…/locales/<lang>/<name>.json`, with or without a `?part=` (vite-plugins/error-texts.ts). */
const LOCALE_FILE = new RegExp(
  `[/\\\\]locales[/\\\\](${LOCALES.join('|')})[/\\\\]([\\w-]+)\\.json(?:\\?.*)?$`,
);
const PREFIX = '\0one-language:';
/** What a text chunk's file name starts with, in the assets' folder. */
export const TEXTS_PREFIX = 'texts-';

/** Whether `file` is one language's texts: its language, or null. */
export function languageOf(file: string | null | undefined): string | null {
  return file ? (LOCALE_FILE.exec(file)?.[1] ?? null) : null;
}

/** The language of a chunk whose modules are all one language's texts (a text chunk), else null. */
export function languageOfAll(ids: readonly string[]): string | null {
  const langs = new Set(ids.map((id) => (id.startsWith('\0') ? null : languageOf(id))));
  return langs.size === 1 ? ([...langs][0] ?? null) : null;
}

/**
 * A text chunk's name: one hash of every language's files, then the language
 * (`texts-AbCd1234-en-US.js`), so the page's script names a namespace's files by that hash alone
 * and adds the stored language (vite-plugins/route-preload.ts; each byte of it is on the first
 * load). Their content is the files' (a part of them by an id's query), so the hash of the files
 * and the queries is the chunks'. Null unless every id is a text file of one language.
 */
export function textChunkName(ids: readonly string[], assetsDir: string): string | null {
  const lang = languageOfAll(ids);
  if (!lang) return null;
  const read = (locale: string) =>
    [...ids]
      .sort()
      .map((id) => {
        const file = id.replace(/\?.*$/, '');
        const other = file.replace(`${path.sep}${lang}${path.sep}`, `${path.sep}${locale}${path.sep}`);
        return readFileSync(other, 'utf8') + id.slice(file.length);
      })
      .join('\0');
  return `${assetsDir}/${TEXTS_PREFIX}${hashOf(LOCALES.map(read).join('\0'))}-${lang}.js`;
}

/**
 * Namespaces read together, one file per language for each group, not one per namespace (each
 * file a round trip on the phone's network): the order tickets' (the Trade tab needed six files).
 * The others (account, the screens' errors, the instrument screens' quote, chart and options) are
 * read by many screens, or not all by one, and stay files of their own, each with the chunks that
 * show it: grouped, the options' texts would load with every kline screen.
 */
const TEXT_GROUPS: Record<string, readonly string[]> = {
  ticket: ['trade', 'contract', 'conditional', 'ticket-amount', 'learn-entry'],
};

const GROUP_OF = new Map(
  Object.entries(TEXT_GROUPS).flatMap(([group, names]) => names.map((name) => [name, group] as const)),
);

/** What the chunking's name function is told of a module: who imports it, and how. */
type Importers = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * For the chunking (vite.config.ts): a grouped namespace's text file goes to its language's group,
 * when it is only ever imported on demand (the placeholder's `import()` above). A file some module
 * imports as it stands (one under SMALL_TEXTS, or a module's one-language keys) stays where the
 * automatic split puts it: grouped, that static import took the whole group's file with it, in
 * every language the importer names (the Mine tab's learn-entry row loaded the order tickets'
 * texts in both languages, ~53 KB, on a tap to Mine).
 */
export const TEXT_GROUPS_SPLIT = {
  debugName: 'text-groups',
  name: (id: string, ctx?: Importers): string | null => {
    const match = LOCALE_FILE.exec(id);
    const group = match && !id.startsWith('\0') ? GROUP_OF.get(match[2] as string) : undefined;
    if (group === undefined || (ctx?.getModuleInfo(id)?.importers.length ?? 0) > 0) return null;
    return `texts-${group}-${match?.[1]}`;
  },
};

/**
 * Below this many bytes a namespace's file stays in its screen's chunk in both languages: a
 * request of its own would cost more than the other language's texts (the pull-to-refresh and
 * search hints, the entry rows' few words, the records' labels that the wallet and the tickets
 * both show: grouped with the tickets' texts, they made the wallet load all of those).
 */
const SMALL_TEXTS = 1536;

/** Whether the importer registers every language's `name` (a screen's namespace), read from its source. */
function registersBoth(importer: string, name: string): boolean {
  let source: string;
  try {
    source = readFileSync(importer.replace(/\?.*$/, ''), 'utf8');
  } catch {
    return false;
  }
  return LOCALES.every((lang) => source.includes(`locales/${lang}/${name}.json`));
}

/**
 * One language's texts per screen chunk, not both. A module that registers a namespace in tr-TR
 * and en-US (addNamespace, src/i18n/pages.ts, src/i18n/errors-screens.ts) imports each file
 * through a small module that hands it a placeholder: the read language's file (a chunk of its
 * own, which the page's preload script links with the route's chunks) is fetched as the module
 * runs and the screen waits for it; the other's is fetched on a switch (src/i18n/one-language.ts).
 * Not a top-level await: one anywhere turns off rolldown's chunk optimizations for the whole
 * build, and the entry then splits in ~15 more files. The entry's
 * texts (src/i18n/setup.ts, en.ts) and a module that reads one language's file for its keys stay
 * as they were. Build only: tests and the dev server import both files as written.
 */
export function oneLanguage(root: string): Plugin {
  const helper = path.resolve(root, 'src/i18n/one-language.ts');
  // By a name that does not end in .json, or Vite's JSON plugin would read the module as JSON.
  const files = new Map<string, string>();
  return {
    name: 'seans:one-language',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(PREFIX) || !/\.json(?:\?|$)/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const match = resolved ? LOCALE_FILE.exec(resolved.id) : null;
      if (!resolved || !match || !registersBoth(importer, match[2] as string)) return null;
      if (statSync(resolved.id.replace(/\?.*$/, '')).size < SMALL_TEXTS) return null;
      const id = `${PREFIX}${resolved.id.replace(/\.json(\?.*)?$/, '$1')}.js`;
      files.set(id, resolved.id);
      return id;
    },
    outputOptions(options) {
      const base = options.chunkFileNames ?? 'assets/[name]-[hash].js';
      return {
        ...options,
        chunkFileNames: (chunk) =>
          textChunkName(chunk.moduleIds, 'assets') ?? (typeof base === 'function' ? base(chunk) : base),
      };
    },
    load(id) {
      const file = files.get(id);
      if (file === undefined) return null;
      return (
        `import { textsOf } from ${JSON.stringify(helper)};\n` +
        `export default textsOf(${JSON.stringify(languageOf(file))}, () => import(${JSON.stringify(file)}));\n`
      );
    },
  };
}

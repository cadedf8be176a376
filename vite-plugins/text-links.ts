import type { OutputBundle } from 'rolldown';
import { closure, isChunk } from './bundle.ts';
import { languageOfAll, TEXTS_PREFIX } from './one-language.ts';

/**
 * The place in `texts` of the namespace whose `lang` file is `file` (`assets/texts-<hash>-<lang>.js`,
 * vite-plugins/one-language.ts textChunkName): each is named once, by what its files' names share
 * (the hash), and the page's script adds the stored language.
 */
function textsPlace(file: string, lang: string, texts: string[]): number {
  const suffix = `-${lang}.js`;
  const prefix = `assets/${TEXTS_PREFIX}`;
  if (!file.startsWith(prefix) || !file.endsWith(suffix))
    throw new Error(`${file}: a text chunk not named by its texts and language`);
  const shared = file.slice(prefix.length, -suffix.length);
  const at = texts.indexOf(shared);
  return at >= 0 ? at : texts.push(shared) - 1;
}

/** The text chunks (every language's) that `chunk` fetches when it runs. */
export function textChunksOf(bundle: OutputBundle, chunk: string): string[] {
  return (
    (bundle[chunk] as { dynamicImports?: string[] } | undefined)?.dynamicImports?.filter((file) => {
      const item = bundle[file];
      return isChunk(item) && languageOfAll(item.moduleIds) !== null;
    }) ?? []
  );
}

/**
 * For each language, each chunk that fetches texts as it runs (`assets/…`, as Vite's preloader names
 * a chunk) with that language's text chunks, for the idle map: Vite's preloader links them with the
 * chunk (vite-plugins/tap-texts.ts).
 */
export function textsByLanguage(bundle: OutputBundle): Record<string, Record<string, string[]>> {
  const byLanguage: Record<string, Record<string, string[]>> = {};
  for (const chunk of Object.keys(bundle)) {
    for (const file of textChunksOf(bundle, chunk)) {
      const lang = languageOfAll((bundle[file] as { moduleIds: string[] }).moduleIds) as string;
      ((byLanguage[lang] ??= {})[chunk] ??= []).push(file);
    }
  }
  return byLanguage;
}

/**
 * The texts the chunks of the page's script register (vite-plugins/one-language.ts), for it to link
 * the stored language's with them: `textFiles` names each text chunk once, `texts` gives the
 * places in it of each linked file's (by its index in `files`), `entryTexts` those of the entry's
 * own modules, linked on every route.
 */
export function textLinks(bundle: OutputBundle, entry: string, files: readonly string[], linked: number[]) {
  const textFiles: string[] = [];
  const textsOf = (chunk: string) => [
    ...new Set(
      (bundle[chunk] as { dynamicImports?: string[] }).dynamicImports?.flatMap((file) => {
        const item = bundle[file];
        const lang = isChunk(item) ? languageOfAll(item.moduleIds) : null;
        return lang === null ? [] : [textsPlace(file, lang, textFiles)];
      }) ?? [],
    ),
  ];
  const entryTexts = closure(bundle, entry, new Set()).flatMap(textsOf);
  const texts: Record<number, number[]> = {};
  for (const at of new Set(linked)) {
    const registered = textsOf(files[at] as string);
    if (registered.length > 0) texts[at] = registered;
  }
  return { textFiles, texts, entryTexts };
}

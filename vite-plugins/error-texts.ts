import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { isScreenErrorKey } from '../domain/protocol/screen-error-keys.ts';
import { isPageTextGroup, type SplitNamespace } from '../domain/protocol/text-groups.ts';

/** `…/errors.json?part=first` or `?part=screens`: one part of a language's error texts. */
const PART = /[/\\]errors\.json\?part=(first|screens)$/;
/** `…/common.json?part=first` or `?part=pages` (content.json too): one part of a language's texts. */
const PAGES_PART = /[/\\](common|content)\.json\?part=(first|pages)$/;

function readTexts(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(id.slice(0, id.indexOf('?')), 'utf8')) as Record<string, unknown>;
}

/**
 * Splits locales/<lang>/errors.json in two at build time: the texts any screen may show (`first`,
 * with the entry) and those only the product screens' actions meet (`screens`, with their chunk;
 * domain/protocol/screen-error-keys SCREEN_ERROR_PREFIXES). common.json and content.json split the same
 * way into `first` and `pages` (domain/protocol/text-groups.ts). One file stays the source of truth for the
 * server and the locale tests. The part is handed on as a module of its own (Vite 8 leaves a
 * JSON import with a query to the plugins).
 */
export function errorTexts(): Plugin {
  return {
    name: 'seans-error-texts',
    enforce: 'pre',
    load(id) {
      const split = PAGES_PART.exec(id);
      if (split) {
        this.addWatchFile(id.slice(0, id.indexOf('?')));
        const ns = split[1] as SplitNamespace;
        const pages = split[2] === 'pages';
        const part = Object.entries(readTexts(id)).filter(([key]) => isPageTextGroup(ns, key) === pages);
        return `export default ${JSON.stringify(Object.fromEntries(part))};`;
      }
      const match = PART.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const screens = match[1] === 'screens';
      const part = Object.fromEntries(
        Object.entries(texts).filter(([key]) => isScreenErrorKey(key) === screens),
      );
      return `export default ${JSON.stringify(part)};`;
    },
  };
}

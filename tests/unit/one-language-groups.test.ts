import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_GROUPS_SPLIT } from '../../vite-plugins/one-language';

const file = (lang: string, name: string) => path.resolve('locales', lang, `${name}.json`);
/** The chunking's view of a module: its static importers (a dynamic `import()` is not one). */
const importedBy = (importers: readonly string[]) => ({ getModuleInfo: () => ({ importers }) });

describe("the order tickets' texts grouped in one file per language", () => {
  it.each(['tr-TR', 'en-US'])("%s: a file fetched on demand goes to its language's group", (lang) => {
    expect(TEXT_GROUPS_SPLIT.name(file(lang, 'trade'), importedBy([]))).toBe(`texts-ticket-${lang}`);
    expect(TEXT_GROUPS_SPLIT.name(file(lang, 'learn-entry'), importedBy([]))).toBe(`texts-ticket-${lang}`);
  });

  it('a file a module imports as it stands stays out of the group, which it would load whole', () => {
    const row = path.resolve('src/screens/mine/mine-rows.tsx');
    for (const lang of ['tr-TR', 'en-US'])
      expect(TEXT_GROUPS_SPLIT.name(file(lang, 'learn-entry'), importedBy([row]))).toBeNull();
  });

  it("leaves other namespaces and the plugin's own modules alone", () => {
    expect(TEXT_GROUPS_SPLIT.name(file('tr-TR', 'account'), importedBy([]))).toBeNull();
    expect(TEXT_GROUPS_SPLIT.name(`\0one-language:${file('tr-TR', 'trade')}`, importedBy([]))).toBeNull();
  });
});

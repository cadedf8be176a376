import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The account and instrument texts left the first load: they are registered by
// src/i18n/account.ts and src/i18n/instrument.ts, which every module reading them imports, so a
// screen never renders before its texts are there. A module that reads them without importing
// the namespace would show raw keys on a screen that happens not to import it elsewhere.
const ROOT = path.resolve(import.meta.dirname, '../../src');
// Rendered only inside the instrument screens, whose frame imports the namespace (and owned by
// the chart work, which this guard leaves alone).
const INSIDE_INSTRUMENT_SCREENS = new Set([
  'components/chart/kline-chart.tsx',
  'components/chart/kline-legend.tsx',
  'screens/instrument/kline-link.tsx',
  'screens/instrument/kline-toolbar.tsx',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe.each(['account', 'instrument'])('the %s namespace', (ns) => {
  const reads = new RegExp(`useTranslation\\((\\[[^\\]]*)?'${ns}'|ns: '${ns}'|[A-Z_]+: '${ns}'`);
  const imports = new RegExp(`import '(\\.\\./)+i18n/${ns}';`);
  const readers = sources(ROOT).filter((file) => reads.test(readFileSync(file, 'utf8')));

  it('is read somewhere (the check below is not vacuous)', () => {
    expect(readers.length).toBeGreaterThan(5);
  });

  it('is imported by every module that reads it', () => {
    const missing = readers
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
      .filter((file) => !INSIDE_INSTRUMENT_SCREENS.has(file))
      .filter((file) => !imports.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('is not part of the first screen', () => {
    expect(readFileSync(path.join(ROOT, 'i18n/setup.ts'), 'utf8')).not.toContain(`${ns}.json`);
    expect(readFileSync(path.join(ROOT, 'i18n/en.ts'), 'utf8')).not.toContain(`${ns}.json`);
  });
});

describe('the instrument screens that show the chart', () => {
  it.each(['stock-kline-screen.tsx', 'coin-kline-screen.tsx', 'stock-screen.tsx', 'coin-screen.tsx'])(
    '%s imports the frame that registers the instrument texts',
    (file) => {
      const code = readFileSync(path.join(ROOT, 'screens/instrument', file), 'utf8');
      expect(code).toMatch(/from '\.\/instrument-frame'|i18n\/instrument/);
    },
  );
});

describe("the later pages' common texts (src/i18n/pages.ts, content-pages.ts)", () => {
  // A module showing a legal, install, about or portfolio text must import pages.ts; one showing
  // any content text but the list states (state-views.tsx, on the first screen) pages.ts or
  // content-pages.ts (content's part alone, the wallet's).
  const readsCommon = /['`](legal|install|about|portfolio)\.[a-z_$]/;
  const readsContent = /useTranslation\('content'\)|ns: 'content'/;
  const FIRST_SCREEN = new Set(['components/content/state-views.tsx']);
  const readers = (reads: RegExp) =>
    sources(ROOT).filter(
      (file) =>
        reads.test(readFileSync(file, 'utf8')) &&
        !FIRST_SCREEN.has(path.relative(ROOT, file).split(path.sep).join('/')),
    );
  const without = (files: string[], imports: RegExp) =>
    files
      .filter((file) => !imports.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));

  it('are imported by every module that reads them', () => {
    const common = readers(readsCommon);
    const content = readers(readsContent);
    expect(common.length + content.length).toBeGreaterThan(15);
    expect(without(common, /import '(\.\.\/)+i18n\/pages';/)).toEqual([]);
    expect(without(content, /import '(\.\.\/)+i18n\/(content-)?pages';/)).toEqual([]);
  });
});

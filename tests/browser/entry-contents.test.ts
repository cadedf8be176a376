import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import trErrors from '../../locales/tr-TR/errors.json';

/**
 * What the entry and the chunks it imports carry is on every screen's first load, before its
 * first paint (docs/first-paint.md). These were in it once and are not needed there; each
 * marker is a string that survives minification.
 */
const ASSETS = path.resolve(process.env.CLIENT_DIR ?? 'dist/client', 'assets');
const read = (file: string) => readFileSync(path.join(ASSETS, file), 'utf8');
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g;

/** The entry (the chunk the page's script starts, which imports the first chunk) and its static imports. */
function entrySource(): string {
  const files = readdirSync(ASSETS);
  const script = read(files.find((file) => /^route-preload-.+\.js$/.test(file)) ?? '');
  const entries = files.filter(
    (file) =>
      /^index-.+\.js$/.test(file) && script.includes(`/assets/${file}`) && /\.\/first-/.test(read(file)),
  );
  expect(entries).toHaveLength(1);
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...[...read(file).matchAll(STATIC_IMPORT)].map((m) => m[1] as string));
  }
  expect([...seen].some((file) => file.startsWith('first-'))).toBe(true);
  return [...seen].map(read).join('\n');
}

/** The stylesheets the page links (every screen's first paint waits for them). */
function linkedStyles(): string {
  const html = readFileSync(path.join(ASSETS, '..', 'index.html'), 'utf8');
  const sheets = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1] as string);
  expect(sheets.length).toBeGreaterThan(0);
  return sheets.map(read).join('\n');
}

describe("the entry's first load", () => {
  const source = entrySource();

  it("has no modulepreload polyfill: route-preload's links are the browser's own", () => {
    // The polyfill's watch for added links (Vite's preload helper only tests the support).
    expect(source).not.toMatch(/\.rel\s*===\s*["'`]modulepreload["'`]/);
  });

  it("has React's own useSyncExternalStore, not the shim's fallback for React 17", () => {
    expect(source).not.toMatch(/window\.document\.createElement\s*===\s*void 0/);
  });

  it("has no react-i18next registration: <Trans> is handed the app's instance", () => {
    expect(source).not.toContain('transKeepBasicHtmlNodesFor');
  });

  it('has neither comlink nor the market client, which load as the worker starts, after the paint', () => {
    // Comlink's message markers, and the client's call that hands the worker its wake line.
    expect(source).not.toContain('Comlink.proxy');
    expect(source).not.toContain('setWakePort');
  });

  it("links none of the drawer's rules: its stylesheet comes with its chunk, on its first open", () => {
    const styles = linkedStyles();
    expect(styles).toContain('.sandbox-mark');
    expect(styles).not.toContain('.drawer-layer');
    expect(styles).not.toContain('.drawer-header__avatar');
  });

  it('has none of the form fields’ names, which travel with the forms', () => {
    // Long labels only: a short one ("Fiyat", "Belge numarası") is also some screen's own words.
    const labels = Object.values(trErrors.fields).filter((label) => label.length >= 15);
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.filter((label) => source.includes(label))).toEqual([]);
  });
});

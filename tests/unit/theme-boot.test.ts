// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, THEME_BOOT_HASH } from '../../server/http/security-headers';
import { shownTheme, THEME_SETTINGS } from '../../src/state/theme-kinds';
import { ROOT } from '../support/process';

const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');

/** index.html's <head> metas, as the page has them when its first script runs. */
function resetHead(): void {
  document.documentElement.removeAttribute('data-theme');
  document.head.innerHTML =
    '<meta name="theme-color" content="#0b0d12"><meta name="color-scheme" content="dark">';
}

/** Runs the boot script as the page would, with the system's preference and storage given. */
function boot(stored: string | null, systemIsLight: boolean): void {
  resetHead();
  localStorage.clear();
  if (stored !== null) localStorage.setItem('theme', stored);
  const matchMedia = (query: string) => ({
    matches: query === '(prefers-color-scheme: light)' && systemIsLight,
  });
  new Function('matchMedia', inline[0] ?? '')(matchMedia);
}

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

afterEach(() => localStorage.clear());

describe("index.html's theme script", () => {
  it('is the one inline script, and the CSP allows exactly it by its hash', () => {
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(THEME_BOOT_HASH).toBe(`'sha256-${hash}'`);
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' ${THEME_BOOT_HASH};`);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });

  // Every stored setting on a light and a dark system: the page paints what the app then keeps.
  const CASES = THEME_SETTINGS.flatMap((setting) => [true, false].map((light) => [setting, light] as const));
  it.each(CASES)('stored %s on a light system (%s) shows what the app shows', (setting, light) => {
    boot(JSON.stringify(setting), light);
    const shown = shownTheme(setting, light);
    expect(document.documentElement.dataset.theme).toBe(shown);
    expect(meta('color-scheme')).toBe(shown);
    expect(meta('theme-color')).toBe(shown === 'light' ? '#f4f5f7' : '#0b0d12');
  });

  it.each([null, '{not json', '"sepia"', '42'])('stored %s follows the system', (stored) => {
    boot(stored, true);
    expect(document.documentElement.dataset.theme).toBe('light');
    boot(stored, false);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("paints the bar in the palettes' page colours", () => {
    const tokens = readFileSync(path.join(ROOT, 'src', 'styles', 'tokens.css'), 'utf8');
    const light = tokens.slice(tokens.indexOf(":root[data-theme='light'] {"));
    expect(tokens).toMatch(/^\s*--color-bg: #0b0d12;/m);
    expect(light).toMatch(/^\s*--color-bg: #f4f5f7;/m);
    expect(html).toContain('<meta name="theme-color" content="#0b0d12" />');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefs, setTheme, startPrefsSync } from './prefs';
import { startTheme, theme } from './theme';

/** A system whose light/dark preference the test flips, as the OS settings would. */
function fakeSystem(light: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return light;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-color-scheme: light)');
    return media;
  });
  return {
    set(next: boolean) {
      light = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

const root = document.documentElement;
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
/** jsdom computes no custom properties from a stylesheet: the palettes' page colours, inline. */
const PAGE = { light: '#f4f5f7', dark: '#0b0d12' };

let stop: () => void = () => undefined;
beforeEach(() => {
  document.head.innerHTML =
    '<meta name="theme-color" content="#0b0d12"><meta name="color-scheme" content="dark">';
  root.dataset.theme = 'dark';
  root.style.setProperty('--color-bg', PAGE.dark);
  theme.shown = 'dark';
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  prefs.theme = 'system';
  localStorage.clear();
  root.removeAttribute('data-theme');
  root.removeAttribute('style');
});

/** valtio tells subscribers of a change in a microtask. */
const settled = () => Promise.resolve();

describe('the palette on screen', () => {
  it('follows the system while the setting is "system", live, and stops following when told', () => {
    const system = fakeSystem(false);
    stop = startTheme();
    expect(root.dataset.theme).toBe('dark');
    system.set(true);
    expect(root.dataset.theme).toBe('light');
    expect(theme.shown).toBe('light');
    expect(meta('color-scheme')?.content).toBe('light');
    stop();
    expect(system.listeners.size).toBe(0);
    system.set(false);
    expect(root.dataset.theme).toBe('light');
  });

  it('keeps a chosen palette whatever the system says, and stores the choice', async () => {
    const system = fakeSystem(true);
    stop = startTheme();
    expect(root.dataset.theme).toBe('light');
    setTheme('dark');
    await settled();
    expect(root.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('"dark"');
    system.set(true);
    expect(root.dataset.theme).toBe('dark');
    setTheme('light');
    await settled();
    expect(root.dataset.theme).toBe('light');
  });

  it('paints the address bar in the page colour of the palette it switches to', async () => {
    fakeSystem(false);
    stop = startTheme();
    // What tokens.css gives --color-bg under the light palette (jsdom applies no stylesheet).
    root.style.setProperty('--color-bg', PAGE.light);
    setTheme('light');
    await settled();
    expect(meta('theme-color')?.content).toBe(PAGE.light);
  });

  it('writes nothing on start when index.html has already painted the same palette', () => {
    fakeSystem(false);
    const styleRead = vi.spyOn(window, 'getComputedStyle');
    stop = startTheme();
    expect(styleRead).not.toHaveBeenCalled();
    expect(meta('theme-color')?.content).toBe(PAGE.dark);
  });

  it('takes a choice made in another tab, and reads a broken one as "system"', () => {
    const stopSync = startPrefsSync();
    const stored = (value: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
    stored('"light"');
    expect(prefs.theme).toBe('light');
    stored('"sepia"');
    expect(prefs.theme).toBe('system');
    stored('"dark"');
    stored(null);
    expect(prefs.theme).toBe('system');
    stopSync();
  });
});

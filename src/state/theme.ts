import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { prefs } from './prefs';
import { shownTheme, type ShownTheme } from './theme-kinds';

const SYSTEM_LIGHT = '(prefers-color-scheme: light)';

function initialShown(): ShownTheme {
  return typeof document !== 'undefined' && document.documentElement.dataset.theme === 'light'
    ? 'light'
    : 'dark';
}

/**
 * The palette on screen, for what cannot read the CSS tokens as they change (canvas charts redraw
 * with it). Seeded from the attribute index.html's first script set before the first paint.
 */
export const theme = proxy({ shown: initialShown() });

/**
 * Keeps <html data-theme> (tokens.css's palettes), the browser's own controls and the address
 * bar's colour on the setting, or on the system's choice while the setting is "system", live as
 * either changes. Nothing is written while they already agree: on start, index.html's script has
 * set them, and reading the bar's colour back from the tokens forces a style pass.
 */
export function startTheme(root: HTMLElement = document.documentElement): () => void {
  const system = window.matchMedia(SYSTEM_LIGHT);
  const apply = () => {
    const shown = shownTheme(prefs.theme, system.matches);
    if (root.dataset.theme === shown && theme.shown === shown) return;
    root.dataset.theme = shown;
    theme.shown = shown;
    const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    const scheme = meta('color-scheme');
    if (scheme) scheme.content = shown;
    const bar = meta('theme-color');
    const background = getComputedStyle(root).getPropertyValue('--color-bg').trim();
    if (bar && background !== '') bar.content = background;
  };
  apply();
  system.addEventListener('change', apply);
  const stop = subscribeKey(prefs, 'theme', apply);
  return () => {
    system.removeEventListener('change', apply);
    stop();
  };
}

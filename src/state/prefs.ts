import { proxy } from 'valtio';
import type { Locale } from '../../domain/format/locale';
import { parseStored, readStored, writeStored } from './persisted';
import type { ThemeSetting } from './theme-kinds';

/**
 * Device preferences the whole app reads; i18n follows `lang` (see src/i18n/setup.ts), the palette
 * follows `theme` (see src/state/theme.ts).
 */
export const prefs = proxy({ lang: readStored('lang'), theme: readStored('theme') });

export function setLanguage(lang: Locale): void {
  prefs.lang = lang;
  writeStored('lang', lang);
}

export function setTheme(theme: ThemeSetting): void {
  prefs.theme = theme;
  writeStored('theme', theme);
}

/** A language or appearance chosen in another tab applies here too. Returns the unsubscribe function. */
export function startPrefsSync(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'lang' || event.key === null) prefs.lang = parseStored('lang', event.newValue);
    if (event.key === 'theme' || event.key === null) prefs.theme = parseStored('theme', event.newValue);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

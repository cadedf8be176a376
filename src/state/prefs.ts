import { proxy } from 'valtio';
import type { Locale } from '../../domain/format/locale';
import { parseStored, readStored, writeStored } from './persisted';

/** Device preferences the whole app reads; i18n follows `lang` (see src/i18n.ts). */
export const prefs = proxy({ lang: readStored('lang') });

export function setLanguage(lang: Locale): void {
  prefs.lang = lang;
  writeStored('lang', lang);
}

/** A language chosen in another tab applies here too. Returns the unsubscribe function. */
export function startPrefsSync(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'lang' || event.key === null) prefs.lang = parseStored('lang', event.newValue);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

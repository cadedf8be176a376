import i18next, { type i18n as I18n } from 'i18next';
import { subscribeKey } from 'valtio/utils';
import { DEFAULT_LOCALE, type Locale } from '../../domain/format/locale';
// Common and content without the texts only later screens show (src/i18n/pages.ts).
import trCommon from '../../locales/tr-TR/common.json?part=first';
import trContent from '../../locales/tr-TR/content.json?part=first';
// The texts any screen may show; the product screens bring the rest (src/i18n/errors-screens.ts).
import trErrors from '../../locales/tr-TR/errors.json?part=first';
import trMarket from '../../locales/tr-TR/market.json';
import { prefs } from '../state/prefs';
import { fetchLateTexts, hasLateTexts } from './late-texts';

/**
 * The Turkish texts of the first screens ship with the entry (tr-TR first, and the fallback of
 * every other language); the rest travel with their screens (./namespace.ts).
 */
export const resources = {
  'tr-TR': {
    common: trCommon,
    errors: trErrors,
    content: trContent,
    market: trMarket,
  },
} as const;

/**
 * The app's i18next instance: the screens' useTranslation (./hook.ts) reads it directly, and
 * react-i18next's <Trans> is handed it as a prop. Registered with initReactI18next instead, the
 * entry carried react-i18next's defaults and registry for one screen's one sentence.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.init({
  resources,
  lng: prefs.lang,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['tr-TR', 'en-US'],
  ns: ['common', 'errors', 'content', 'market'],
  defaultNS: 'common',
  // Resources are bundled, so init completes synchronously and the first render is translated.
  initAsync: false,
  // React escapes on render; escaping here too would show entities.
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocumentLanguage(lang: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Whether `lang`'s texts are here: the first screens' (Turkish always are) and those of every
 * screen loaded so far (a build brings only the read language's, ./deferred-texts.ts).
 */
export function hasLocale(lang: Locale): boolean {
  return i18n.hasResourceBundle(lang, 'common') && !hasLateTexts(lang);
}

/** Fetches what `lang`'s texts lack: the first screens' (English is a chunk of its own), the loaded screens'. */
export async function loadLocale(lang: Locale): Promise<void> {
  if (hasLocale(lang)) return;
  if (!i18n.hasResourceBundle(lang, 'common')) {
    const { enUS } = await import('./en');
    // Merged, never replacing: the product screens may have added their error texts already.
    for (const [ns, bundle] of Object.entries(enUS)) i18n.addResourceBundle('en-US', ns, bundle, true, false);
  }
  await fetchLateTexts(lang);
}

function switchTo(lang: Locale): void {
  void i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

applyDocumentLanguage(prefs.lang);

// The language lives in state (persisted, synced across tabs); i18n and <html lang> follow it, at
// once when its texts are here, else as soon as they arrive (the screen stays in the old language
// meanwhile, never half-translated).
subscribeKey(
  prefs,
  'lang',
  (lang) => {
    if (hasLocale(lang)) switchTo(lang);
    else
      void loadLocale(lang).then(
        () => {
          if (prefs.lang === lang) switchTo(lang);
        },
        () => undefined,
      );
  },
  true,
);

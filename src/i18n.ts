import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { subscribeKey } from 'valtio/utils';
import { DEFAULT_LOCALE, type Locale } from '../domain/format/locale';
import enAccount from '../locales/en-US/account.json';
import enCommon from '../locales/en-US/common.json';
import enContent from '../locales/en-US/content.json';
import enErrors from '../locales/en-US/errors.json';
import enInstrument from '../locales/en-US/instrument.json';
import enMarket from '../locales/en-US/market.json';
import trAccount from '../locales/tr-TR/account.json';
import trCommon from '../locales/tr-TR/common.json';
import trContent from '../locales/tr-TR/content.json';
import trErrors from '../locales/tr-TR/errors.json';
import trInstrument from '../locales/tr-TR/instrument.json';
import trMarket from '../locales/tr-TR/market.json';
import { prefs } from './state/prefs';

export const resources = {
  'tr-TR': {
    common: trCommon,
    errors: trErrors,
    account: trAccount,
    content: trContent,
    market: trMarket,
    instrument: trInstrument,
  },
  'en-US': {
    common: enCommon,
    errors: enErrors,
    account: enAccount,
    content: enContent,
    market: enMarket,
    instrument: enInstrument,
  },
} as const;

/** The app's i18next instance; react-i18next's hooks use it through initReactI18next. */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: prefs.lang,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['tr-TR', 'en-US'],
  ns: ['common', 'errors', 'account', 'content', 'market', 'instrument'],
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

applyDocumentLanguage(prefs.lang);

// The language lives in state (persisted, synced across tabs); i18n and <html lang> follow it.
subscribeKey(
  prefs,
  'lang',
  (lang) => {
    void i18n.changeLanguage(lang);
    applyDocumentLanguage(lang);
  },
  true,
);

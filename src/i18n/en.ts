import enCommon from '../../locales/en-US/common.json?part=first';
import enContent from '../../locales/en-US/content.json?part=first';
import enErrors from '../../locales/en-US/errors.json?part=first';
import enMarket from '../../locales/en-US/market.json';

/**
 * The English texts of the first screens: a chunk of their own, fetched only when the user reads
 * English (src/i18n/setup.ts `loadLocale`), so a Turkish first load does not carry them.
 */
export const enUS = {
  common: enCommon,
  errors: enErrors,
  content: enContent,
  market: enMarket,
};

import enScreens from '../../locales/en-US/errors.json?part=screens';
import trScreens from '../../locales/tr-TR/errors.json?part=screens';
import { addTexts } from './deferred-texts';
import { i18n } from './setup';

/**
 * The error texts only the product screens' actions meet (funding, the primary market, options,
 * contract orders), merged into the `errors` namespace when the first such screen loads: they
 * ship with those screens' chunks instead of the first load. The rest of the texts are never
 * replaced.
 */
addTexts(i18n, 'tr-TR', 'errors', trScreens);
addTexts(i18n, 'en-US', 'errors', enScreens);

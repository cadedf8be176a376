import enScreens from '../../locales/en-US/errors.json?part=screens';
import trScreens from '../../locales/tr-TR/errors.json?part=screens';
import { i18n } from './setup';

/**
 * The error texts only the product screens' actions meet (funding, the primary market, options,
 * contract orders), merged into the `errors` namespace when the first such screen loads: they
 * ship with those screens' chunks instead of the first load. The rest of the texts are never
 * replaced.
 */
i18n.addResourceBundle('tr-TR', 'errors', trScreens, true, false);
i18n.addResourceBundle('en-US', 'errors', enScreens, true, false);

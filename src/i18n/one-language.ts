import type { Locale } from '../../domain/format/locale';
import { prefs } from '../state/prefs';
import { placeholderOf, type LoadTexts } from './deferred-texts';
import { i18n } from './setup';

/**
 * A screen's texts in `lang`, as the build hands them to the module that registers them
 * (vite-plugins/one-language.ts): a placeholder whose file is fetched now when the user reads
 * `lang` (or is switching to it), else only on a switch to `lang` (./deferred-texts.ts). A Turkish
 * reader's chunks then carry no English and an English reader's no Turkish.
 */
export function textsOf(lang: Locale, load: LoadTexts): Record<string, unknown> {
  return placeholderOf(load, lang === prefs.lang || lang === i18n.language);
}

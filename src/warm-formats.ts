import { istanbulParts } from '../domain/format/date';
import { formatPrice } from '../domain/format/number';
import type { Locale } from '../domain/format/locale';

/**
 * The first Intl number and date formats a page builds load the browser's locale data: ~13 ms on a
 * desktop core, four times that on a mid-range phone. Built here, in a task of their own before the
 * first render, that cost does not land inside the render or the chart's first paint; both go
 * into the caches the screens read from (domain/format).
 */
export function warmFormats(locale: Locale): void {
  formatPrice('0', locale, 2);
  istanbulParts(0, locale);
}

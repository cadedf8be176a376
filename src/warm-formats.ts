import { istanbulParts } from '../domain/format/date';
import { formatPrice } from '../domain/format/number';
import type { Locale } from '../domain/format/locale';

/**
 * The first Intl number and date formats a page builds load the browser's locale data: 15-60 ms on
 * a desktop core, four times that on a mid-range phone. That data is the renderer process's, so
 * index.html's route-preload script has a worker load it on another thread while the entry
 * downloads (vite-plugins/route-preload.ts), and these then cost ~0.1 ms. Built here, in a task of their
 * own before the first render, the cost stays out of the render and the chart's first paint
 * should that worker not have run (or not finished); both go into the caches the screens read
 * from (domain/format).
 */
export function warmFormats(locale: Locale): void {
  formatPrice('0', locale, 2);
  istanbulParts(0, locale);
}

import type { Locale } from '../../../domain/format/locale';
import { formatPrice } from '../../../domain/format/number';
import type { SubIndicator } from '../../../domain/indicators/types';
import { subValue } from './kline-legend';
import { cachedLabels } from './label-cache';

/** The chart's axis labels, each value formatted once (./label-cache) in the reader's notation. */
export function chartLabels(scale: number, lang: Locale) {
  const priceLabel = cachedLabels((value) => formatPrice(value.toFixed(scale), lang, scale));
  const subLabels = new Map<SubIndicator, (value: number) => string>();
  const formatSub = (kind: SubIndicator, value: number): string => {
    let label = subLabels.get(kind);
    if (!label) subLabels.set(kind, (label = cachedLabels((v) => subValue(kind, v, scale, lang))));
    return label(value);
  };
  return { formatPrice: priceLabel, formatSub };
}

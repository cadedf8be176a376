import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import type { Estimate } from './ipo-figures';
import { formatAverageLots, formatChance, formatLots, lotCount } from '../../components/trade/primary-format';

/** The estimate in words: "12 lot", or the lottery's average with its tickets and chance. */
export function estimateText(estimate: Estimate | null, t: TFunction<'ipo'>, lang: Locale): string {
  if (estimate === null) return '--';
  if (estimate.method === 'equal') return t('detail.estimate_equal', lotCount(estimate.lots, lang));
  return t('detail.estimate_lottery', {
    count: Number(estimate.tickets),
    lots: formatAverageLots(estimate.lots, lang),
    tickets: formatLots(estimate.tickets, lang),
    chance: formatChance(estimate.chance, lang),
  });
}

import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { Block } from '../../../domain/protocol/bulk';
import type { FigureRow } from '../../components/trade/figure-rows';
import { formatLots, lotCount } from '../../components/trade/primary-format';
import { discountText } from './block-card';
import { formatTry } from '../../../domain/format/number';

/** What the detail screen discloses about a block, before anyone buys. `last`: the live last price. */
export function blockFacts(
  block: Block,
  last: string | null,
  t: TFunction<'bulk'>,
  lang: Locale,
): FigureRow[] {
  const lots = (value: string) => t('card.lots', lotCount(value, lang));
  const rows: FigureRow[] = [
    { label: t('detail.reference'), value: formatTry(block.referencePrice, lang), testId: 'block-reference' },
    { label: t('detail.last'), value: formatTry(last, lang), testId: 'block-last' },
    { label: t('detail.discount'), value: discountText(block.discount, lang), testId: 'block-discount' },
    { label: t('detail.price'), value: formatTry(block.price, lang), testId: 'block-price', tone: 'strong' },
    { label: t('detail.lot_size'), value: formatLots(block.lotSize, lang) },
    { label: t('detail.offered'), value: lots(block.lotsOffered) },
    { label: t('detail.remaining'), value: lots(block.lotsRemaining), testId: 'block-remaining' },
    {
      label: t('detail.limits'),
      value: t('detail.limits_value', {
        min: formatLots(block.minLots, lang),
        max: formatLots(block.maxLots, lang),
      }),
      testId: 'block-limits',
    },
  ];
  if (block.boughtLots !== null)
    rows.push({ label: t('detail.bought'), value: lots(block.boughtLots), testId: 'block-bought' });
  rows.push(
    { label: t('detail.opens'), value: formatDateTime(block.opensAt, lang) },
    { label: t('detail.closes'), value: formatDateTime(block.closesAt, lang) },
    {
      label: t('detail.lockup'),
      value: t('card.days', { days: formatLots(block.lockupDays, lang), count: Number(block.lockupDays) }),
    },
    {
      label: t('detail.lockup_end'),
      value: formatDateTime(block.lockupEndsAt, lang),
      testId: 'block-lockup-end',
    },
  );
  return rows;
}

/**
 * Why a block takes no purchase now, in the words of its state: when an upcoming one opens,
 * that one is sold out or closed (it said "not open now" for all three).
 */
export function notOpenText(block: Block, t: TFunction<'bulk'>, lang: Locale): string {
  if (block.status === 'upcoming') return t('detail.opens_at', { date: formatDateTime(block.opensAt, lang) });
  if (block.status === 'sold_out') return t('detail.sold_out');
  if (block.status === 'closed') return t('detail.closed');
  return t('detail.not_open');
}

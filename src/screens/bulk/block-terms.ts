import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { blockCharge, type BlockOrderContext, type BlockTerms } from '../../../domain/ipo/block';
import type { IpoError } from '../../../domain/ipo/errors';
import { isErrorKey } from '../../../domain/protocol/error-keys';
import type { BlockDetail } from '../../../domain/protocol/bulk';
import type { FigureRow } from '../../components/trade/figure-rows';
import { costRows, formatLots, lotCount } from '../../components/trade/primary-format';
import { formatTry } from '../../../domain/format/number';

/** The block as domain/ipo/block's terms, so the screen checks and prices as the server does. */
export function termsOfBlock(block: BlockDetail): BlockTerms {
  return {
    referencePrice: block.referencePrice ?? '0',
    discount: block.discount,
    lotSize: block.lotSize,
    lotsOffered: BigInt(block.lotsOffered),
    minLots: BigInt(block.minLots),
    maxLots: BigInt(block.maxLots),
    opensAt: block.opensAt,
    closesAt: block.closesAt,
    lockupDays: block.lockupDays,
    vipOnly: block.vipOnly,
    costs: block.costs,
  };
}

export function contextOfBlock(
  block: BlockDetail,
  available: string,
  now: number,
  isVip: boolean,
): BlockOrderContext {
  return {
    t: now,
    isVip,
    soldLots: BigInt(block.lotsOffered) - BigInt(block.lotsRemaining),
    boughtLots: BigInt(block.boughtLots ?? '0'),
    available,
  };
}

/**
 * What buying `lots` will do, before it is sent (DESIGN.md: costs before confirm): price, lots,
 * amount, costs, total and the lock-up end, with the same domain functions the server books with.
 */
export function blockSummary(
  block: BlockDetail,
  lots: bigint | null,
  lockupEndsAt: number,
  t: TFunction<'bulk'>,
  lang: Locale,
): FigureRow[] {
  const charge = lots !== null && lots > 0n ? blockCharge(termsOfBlock(block), lots) : null;
  return [
    { label: t('order.price'), value: formatTry(block.price, lang), testId: 'order-price' },
    {
      label: t('order.lots'),
      value: lots === null ? '--' : t('card.lots', lotCount(lots, lang)),
      testId: 'order-lots',
    },
    { label: t('order.amount'), value: formatTry(charge?.amount ?? null, lang), testId: 'order-amount' },
    ...costRows(charge?.amount ?? null, block.costs, (part) => t(`order.${part}`), lang),
    {
      label: t('order.total'),
      value: formatTry(charge?.total ?? null, lang),
      testId: 'order-total',
      tone: 'strong',
    },
    { label: t('order.lockup_end'), value: formatDateTime(lockupEndsAt, lang), testId: 'order-lockup-end' },
  ];
}

/** A refusal of domain/ipo/block in the user's words, its figures in the user's locale. */
export function blockErrorText(error: IpoError, t: TFunction<'bulk'>, lang: Locale): string {
  const params = error.params ?? {};
  const lots = (value: unknown) => formatLots(String(value ?? ''), lang);
  switch (error.key) {
    case 'FIELD_REQUIRED':
      return t('order.lots_required');
    case 'FIELD_INVALID':
      return t('order.lots_invalid');
    case 'BLOCK_LOTS_BELOW_MINIMUM':
      return t('BLOCK_LOTS_BELOW_MINIMUM', { ns: 'errors', min: lots(params.min) });
    case 'BLOCK_LOTS_ABOVE_MAXIMUM':
      return t('BLOCK_LOTS_ABOVE_MAXIMUM', { ns: 'errors', max: lots(params.max) });
    case 'BLOCK_LOTS_ABOVE_REMAINING':
      return t('BLOCK_LOTS_ABOVE_REMAINING', { ns: 'errors', remaining: lots(params.remaining) });
    case 'BLOCK_INSUFFICIENT_BALANCE':
      return t('BLOCK_INSUFFICIENT_BALANCE', {
        ns: 'errors',
        amount: formatTry(String(params.amount ?? ''), lang),
        available: formatTry(String(params.available ?? ''), lang),
      });
    default:
      return isErrorKey(error.key) ? t(error.key, { ns: 'errors' }) : t('INTERNAL_ERROR', { ns: 'errors' });
  }
}

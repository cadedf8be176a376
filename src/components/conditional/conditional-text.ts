import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { ConditionalDraft } from '../../../domain/conditional/trigger';
import { directionOf, trailingTrigger } from '../../../domain/conditional/trigger';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPercent, formatPrice } from '../../../domain/format/number';

/** A leg as placed, and for a trailing stop its best price so far (the last price when placing). */
export type LegText = ConditionalDraft & { best: string | null };

/** The condition and the order it places, in words: what the user confirms and the list shows. */
export function legWords(
  t: TFunction<'conditional'>,
  leg: LegText,
  locale: Locale,
  units: { priceScale: number; qtyScale: number; asset: string },
): { when: string; places: string } {
  const price = (v: string) => formatPrice(v, locale, units.priceScale);
  const qty = `${formatDecimal(leg.quantity, locale, { decimals: units.qtyScale })} ${units.asset}`;
  let when = '--';
  if (leg.kind === 'trailing' && leg.trail && leg.best !== null) {
    const distance =
      leg.trail.by === 'percent'
        ? formatPercent(leg.trail.value, locale, { signed: false, decimals: 2 })
        : price(leg.trail.value);
    const now = trailingTrigger(leg.side, leg.best, leg.trail, units.priceScale);
    when = t(leg.side === 'sell' ? 'when_trailing_sell' : 'when_trailing_buy', {
      distance,
      price: price(now),
    });
  } else if (leg.trigger !== null && new Decimal(leg.trigger).gt(0)) {
    when = t(directionOf(leg.kind, leg.side) === 'rise' ? 'when_rise' : 'when_fall', {
      price: price(leg.trigger),
    });
  }
  const side = t(`side.${leg.side}`);
  const places =
    leg.limit === null
      ? t('places_market', { side, qty })
      : t('places_limit', { side, qty, price: price(leg.limit) });
  return { when, places };
}

/**
 * What placing holds, as the broker takes it: a sell's quantity; a buy's cost at its highest
 * price (the limit, else the trigger; either leg of a pair) with its costs.
 */
export function holdText(
  side: 'buy' | 'sell',
  quantity: string | null,
  prices: readonly (string | null)[],
  buyTotal: (amount: string) => string | null,
  locale: Locale,
  units: { qtyScale: number; asset: string; cash: string },
): string {
  if (side === 'sell')
    return `${formatDecimal(quantity, locale, { decimals: units.qtyScale })} ${units.asset}`;
  const most = prices.reduce<Decimal | null>((max, p) => {
    if (p === null || quantity === null) return max;
    const total = buyTotal(new Decimal(quantity).times(p).toFixed());
    return total === null ? max : Decimal.max(max ?? 0, total);
  }, null);
  return `${formatMoney(most?.toFixed() ?? null, locale)} ${units.cash}`;
}

import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';
import type { FigureRow } from '../../components/trade/figure-rows';
import type { BuyFigures } from './figures';
import { money, premiumText, price, share } from './format';

/**
 * The ticket's cost and risk rows (dashes until the first quote); the confirm sheet repeats them
 * from the broker's quote (`quoted`), where the cost is exact and no worst case is added.
 */
export function costRows(
  f: BuyFigures | null,
  t: TFunction<'options'>,
  locale: Locale,
  scale: number,
  tolerance: string,
  quoted = false,
): FigureRow[] {
  const rows: FigureRow[] = [
    { label: t('ticket.premium'), value: premiumText(f?.premium, locale), testId: 'fig-premium' },
    {
      label: t('ticket.per_contract'),
      value: money(f?.perContract, locale),
      testId: 'fig-per-contract',
    },
    { label: t('ticket.total'), value: money(f?.total, locale), testId: 'fig-total' },
    { label: t('ticket.fee'), value: money(f?.fee, locale), testId: 'fig-fee' },
    { label: t('ticket.cost'), value: money(f?.cost, locale), testId: 'fig-cost' },
    {
      label: t('ticket.max_cost', { tolerance: share(tolerance, locale) }),
      value: money(f?.maxCost, locale),
      testId: 'fig-max-cost',
      tone: 'strong',
    },
    { label: t('ticket.breakeven'), value: price(f?.breakeven, locale, scale), testId: 'fig-breakeven' },
    {
      label: t('ticket.delta'),
      value: formatDecimal(f?.delta, locale, { decimals: 4 }),
      testId: 'fig-delta',
    },
    {
      label: t(f?.thetaUnit === 'hour' ? 'ticket.theta_hour' : 'ticket.theta'),
      value: money(f?.thetaPerContract, locale),
      testId: 'fig-theta',
    },
  ];
  return quoted ? rows.filter((row) => row.testId !== 'fig-max-cost') : rows;
}

/** "Alım opsiyonu · 300,00 ₺" — what is being bought, in one line. */
export function optionLabel(
  kind: 'call' | 'put',
  strike: string,
  t: TFunction<'options'>,
  locale: Locale,
  scale: number,
): string {
  return `${t(`kind.${kind}`)} · ${price(strike, locale, scale)}`;
}

/** What the price tolerance means for this order: the most it can fill at, per share and in all. */
export function toleranceNote(
  f: BuyFigures,
  tolerance: string,
  t: TFunction<'options'>,
  locale: Locale,
): string {
  return t('ticket.tolerance', {
    tolerance: share(tolerance, locale),
    premium: premiumText(f.maxPremium, locale),
  });
}

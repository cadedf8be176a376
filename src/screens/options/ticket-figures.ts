import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatTry } from '../../../domain/format/number';
import type { FigureRow } from '../../components/trade/figure-rows';
import type { BuyFigures } from './figures';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionPosition } from '../../../domain/protocol/options';
import { count, premiumText, price } from './format';

/**
 * The cost and risk rows: the ticket's live estimate (dashes until the first price), and the
 * confirm sheet's from the broker's quote, which is what is charged.
 */
export function costRows(
  f: BuyFigures | null,
  t: TFunction<'options'>,
  locale: Locale,
  scale: number,
): FigureRow[] {
  return [
    { label: t('ticket.premium'), value: premiumText(f?.premium, locale), testId: 'fig-premium' },
    {
      label: t('ticket.per_contract'),
      value: formatTry(f?.perContract, locale),
      testId: 'fig-per-contract',
    },
    { label: t('ticket.total'), value: formatTry(f?.total, locale), testId: 'fig-total' },
    { label: t('ticket.fee'), value: formatTry(f?.fee, locale), testId: 'fig-fee' },
    { label: t('ticket.cost'), value: formatTry(f?.cost, locale), testId: 'fig-cost' },
    { label: t('ticket.breakeven'), value: price(f?.breakeven, locale, scale), testId: 'fig-breakeven' },
    {
      label: t('ticket.delta'),
      value: formatDecimal(f?.delta, locale, { decimals: 4 }),
      testId: 'fig-delta',
    },
    {
      label: t('ticket.gamma'),
      value: formatDecimal(f?.gamma, locale, { decimals: 4 }),
      testId: 'fig-gamma',
    },
    { label: t('ticket.vega'), value: formatTry(f?.vegaPerContract, locale), testId: 'fig-vega' },
    {
      label: t(f?.thetaUnit === 'hour' ? 'ticket.theta_hour' : 'ticket.theta'),
      value: formatTry(f?.thetaPerContract, locale),
      testId: 'fig-theta',
    },
    { label: t('ticket.rho'), value: formatTry(f?.rhoPerContract, locale), testId: 'fig-rho' },
  ];
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

/** The terms every position card opens with, open or settled: expiry, contracts, open price. */
export function termRows(
  position: OptionPosition,
  t: TFunction<'options'>,
  locale: Locale,
  scale: number,
): FigureRow[] {
  return [
    { label: t('positions.expires_at'), value: formatDateTime(position.expiresAt, locale) },
    {
      label: t('positions.contracts'),
      value: t('positions.contracts_value', {
        count: count(position.contracts, locale),
        multiplier: count(position.multiplier, locale),
      }),
    },
    { label: t('positions.open_price'), value: price(position.openPrice, locale, scale) },
  ];
}

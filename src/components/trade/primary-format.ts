import { formatDecimal, formatPercent, formatTry } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import Decimal from 'decimal.js';
import { stockCosts, type StockCostSettings } from '../../../domain/rules/costs';
import type { FigureRow } from './figure-rows';

/** Lots and applicant counts: whole numbers grouped by the locale ("1.200.000" / "1,200,000"). */
export function formatLots(value: string | number | bigint | null, locale: Locale): string {
  return formatDecimal(typeof value === 'bigint' ? value.toString() : value, locale, { decimals: 0 });
}

/**
 * A lot count for a text that says "{{lots}} lots": the grouped figure and the plural `count`,
 * so one reads "1 lot" rather than "1 lots" (a minimum of 1 lot is common in IPOs and blocks).
 */
export function lotCount(
  value: string | number | bigint | null,
  locale: Locale,
): { lots: string; count: number } {
  const count = value === null ? NaN : Number(value);
  return { lots: formatLots(value, locale), count: Number.isFinite(count) ? count : 0 };
}

/** Lots that may have a fraction (a lottery's average), at most 2 decimals. */
export function formatAverageLots(value: string, locale: Locale): string {
  return formatDecimal(value, locale, { decimals: 2, minDecimals: 0 });
}

/** A 0..1 share as a percentage in the locale's layout (tr-TR "%12,50", en-US "12.50%"). */
export function formatChance(share: string, locale: Locale): string {
  return formatPercent(new Decimal(share).times(100).toFixed(), locale, { signed: false });
}

/**
 * The stock costs of buying `amount` TRY, line by line as the broker books them (DECISIONS §5:
 * commission, BSMV, exchange fee — an IPO or block confirmation showed one lump "commission and
 * costs"). `settings` null: an offering configured without costs (each line 0). `amount` null:
 * not known yet (--).
 */
export function costRows(
  amount: string | null,
  settings: StockCostSettings | null,
  label: (part: 'commission' | 'bsmv' | 'exchange_fee') => string,
  locale: Locale,
): FigureRow[] {
  const costs =
    amount === null
      ? null
      : settings === null
        ? { commission: '0', bsmv: '0', exchangeFee: '0' }
        : stockCosts(amount, settings);
  return [
    {
      label: label('commission'),
      value: formatTry(costs?.commission ?? null, locale),
      testId: 'order-commission',
    },
    { label: label('bsmv'), value: formatTry(costs?.bsmv ?? null, locale), testId: 'order-bsmv' },
    {
      label: label('exchange_fee'),
      value: formatTry(costs?.exchangeFee ?? null, locale),
      testId: 'order-exchange-fee',
    },
  ];
}

import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPercent } from '../../../domain/format/number';
import type { ExchangeQuote } from '../../../domain/protocol/funding';
import type { FigureRow } from '../../components/trade/figure-rows';
import { formatRate } from './exchange-logic';

/** An amount with its currency at that currency's decimals ("1.234,56 ₺", "22,7107517 USDT"). */
export function money(value: string, currency: string, decimals: number, locale: Locale): string {
  return formatMoney(value, locale, { decimals, currency });
}

/** Percent of a fraction ("0.003138" → "%0,314"), three places: a spread is a few tenths of a percent. */
function percent(fraction: string, locale: Locale): string {
  return formatPercent(new Decimal(fraction).mul(100).toFixed(), locale, { decimals: 3, signed: false });
}

/** Every figure of a quote as the card and the confirmation show it, the amount received last. */
export function quoteRows(
  quote: ExchangeQuote,
  decimals: { from: number; to: number },
  t: TFunction<'exchange'>,
  locale: Locale,
): FigureRow[] {
  const rate = (value: string) =>
    t('quote.rate_value', { from: quote.from, to: quote.to, rate: formatRate(value, locale) });
  // A rate below 1 ("1 TRY = 0,02273348519 USDT") is hard to check against a price one knows, so
  // its inverse is shown beside it, truncated to what is paid's decimals as prices are ("1 USDT ≈ 43,98 TRY").
  const inverse = new Decimal(quote.rate).lt(1)
    ? [
        {
          label: t('quote.inverse'),
          value: t('quote.inverse_value', {
            from: quote.from,
            to: quote.to,
            // formatDecimal truncates, as prices do.
            rate: formatDecimal(new Decimal(1).div(quote.rate).toFixed(), locale, {
              decimals: decimals.from,
            }),
          }),
          testId: 'quote-inverse',
        },
      ]
    : [];
  return [
    {
      label: t('quote.pay'),
      value: money(quote.amount, quote.from, decimals.from, locale),
      testId: 'quote-pay',
    },
    { label: t('quote.rate'), value: rate(quote.rate), testId: 'quote-rate' },
    ...inverse,
    { label: t('quote.mid'), value: rate(quote.midRate), testId: 'quote-mid' },
    { label: t('quote.spread'), value: percent(quote.spread, locale), testId: 'quote-spread' },
    {
      label: t('quote.fee', { rate: percent(quote.feeRate, locale) }),
      value: money(quote.fee, quote.to, decimals.to, locale),
      testId: 'quote-fee',
    },
    {
      label: t('quote.receive'),
      value: money(quote.receive, quote.to, decimals.to, locale),
      testId: 'quote-receive',
      tone: 'strong',
    },
  ];
}

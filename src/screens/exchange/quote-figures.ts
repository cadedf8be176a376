import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { chargeDecimals } from '../../../domain/format/addends';
import { formatDecimal, formatMoney, formatPercent } from '../../../domain/format/number';
import type { ExchangeQuote } from '../../../domain/protocol/exchange';
import type { FigureRow } from '../../components/trade/figure-rows';
import { displayDecimals, formatRate, rateDecimals } from '../../../domain/format/display';

/** An amount with its currency at `decimals` ("₺1.234,56", "22,71 USDT"). */
export function money(value: string, currency: string, decimals: number, locale: Locale): string {
  return formatMoney(value, locale, { decimals, currency });
}

/**
 * What arrives, at the currency's display decimals (the wallets', the transfer screen's: TRY and
 * USDT in cents, a coin at its own), truncated: never more than arrives. "2,27107516 USDT" beside
 * a wallet and a transfer that read "2,27" looked like another amount.
 */
export function received(value: string, currency: string, scale: number, locale: Locale): string {
  return money(value, currency, displayDecimals(currency, scale), locale);
}

/**
 * What leaves, at the display decimals, or more when the amount has them (up to its scale): a
 * typed "100,125 USDT" shown as "100,12" would hide part of what is paid.
 */
export function paid(value: string, currency: string, scale: number, locale: Locale): string {
  const shown = displayDecimals(currency, scale);
  const places = Math.min(scale, Math.max(shown, new Decimal(value).decimalPlaces()));
  return money(value, currency, places, locale);
}

/** A fee at the display decimals, or the few more that keep a small one from reading "0,00". */
function charged(value: string, currency: string, scale: number, locale: Locale): string {
  const shown = displayDecimals(currency, scale);
  // Up to the currency's own scale: a fee under a ten-thousandth read "0,0000" when capped at 4.
  const places = chargeDecimals(value, Math.min(shown, scale), scale);
  return money(value, currency, places, locale);
}

/** Percent of a fraction ("0.003138" → "%0,314"), three places: a spread is a few tenths of a percent. */
function percent(fraction: string, locale: Locale): string {
  return formatPercent(new Decimal(fraction).mul(100).toFixed(), locale, { decimals: 3, signed: false });
}

/**
 * Every figure of a quote as the card and the confirmation show it, the amount received last.
 * `decimals` are each currency's scale (what may be typed); amounts show at display decimals.
 */
export function quoteRows(
  quote: ExchangeQuote,
  decimals: { from: number; to: number },
  t: TFunction<'exchange'>,
  locale: Locale,
): FigureRow[] {
  // The quote's rate and the mid rate at one precision, the quote's, every place shown: read one
  // above the other they line up digit for digit ("0.0227334" over "0.0228050", not "0.022805").
  const places = rateDecimals(quote.rate);
  const rate = (value: string) =>
    t('quote.rate_value', { from: quote.from, to: quote.to, rate: formatRate(value, locale, places) });
  // A rate below 1 ("1 TRY = 0,02273348519 USDT") is hard to check against a price one knows, so
  // its inverse is shown beside it, truncated to what is paid's display decimals as prices are
  // ("1 USDT ≈ 43,98 TRY", "1 BTC ≈ 97.244,10 USDT", not the 8 places USDT may be typed to).
  const inverse = new Decimal(quote.rate).lt(1)
    ? [
        {
          label: t('quote.inverse'),
          value: t('quote.inverse_value', {
            from: quote.from,
            to: quote.to,
            // formatDecimal truncates, as prices do.
            rate: formatDecimal(new Decimal(1).div(quote.rate).toFixed(), locale, {
              decimals: displayDecimals(quote.from, decimals.from),
            }),
          }),
          testId: 'quote-inverse',
        },
      ]
    : [];
  return [
    {
      label: t('quote.pay'),
      value: paid(quote.amount, quote.from, decimals.from, locale),
      testId: 'quote-pay',
    },
    { label: t('quote.rate'), value: rate(quote.rate), testId: 'quote-rate' },
    ...inverse,
    { label: t('quote.mid'), value: rate(quote.midRate), testId: 'quote-mid' },
    { label: t('quote.spread'), value: percent(quote.spread, locale), testId: 'quote-spread' },
    {
      label: t('quote.fee', { rate: percent(quote.feeRate, locale) }),
      value: charged(quote.fee, quote.to, decimals.to, locale),
      testId: 'quote-fee',
    },
    {
      label: t('quote.receive'),
      value: received(quote.receive, quote.to, decimals.to, locale),
      testId: 'quote-receive',
      tone: 'strong',
    },
  ];
}

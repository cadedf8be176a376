import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { displayDecimals, exactDecimals } from '../../../domain/format/display';
import type { Locale } from '../../../domain/format/locale';
import {
  formatDecimal,
  formatMoney,
  formatPercent,
  formatPrice,
  formatSigned,
} from '../../../domain/format/number';
import type { ContractPreview, FeeKey, SpotPreview } from '../../../domain/protocol/order-preview';
import type { FigureRow } from './figure-rows';
import type { PreviewRows } from './order-preview';

/** The most decimals a charge shows: every one the ledger books, up to USDT's 8. */
const MOST_DECIMALS = 8;

/**
 * The test ids of the rows a ticket's own breakdown has too (its fee lines, amount, total): the
 * broker's figure takes the place of the ticket's estimate under the same name.
 */
export type SharedRowIds = Partial<
  Record<FeeKey | 'amount' | 'total' | 'qty' | 'margin' | 'liquidation', string>
>;

/**
 * An amount with every decimal it is booked with (a 30,007 USDT fee is not "30,00"): the preview's
 * figures, and what a budget leaves after its total, so the two add up as shown.
 */
export function previewMoney(value: string, currency: string, lang: Locale): string {
  const decimals = Math.min(MOST_DECIMALS, exactDecimals(value, displayDecimals(currency)));
  return formatMoney(value, lang, { currency, decimals });
}

/** How far the estimate is from the last price: "+0,15 (+%0,16)"; `--` without a last price. */
function fromLast(p: Pick<SpotPreview, 'priceDiff' | 'priceDiffPercent'>, lang: Locale, scale: number) {
  if (p.priceDiff === null || p.priceDiffPercent === null) return formatSigned(null, lang, scale);
  return `${formatSigned(p.priceDiff, lang, scale)} (${formatPercent(p.priceDiffPercent, lang)})`;
}

type Instrument = { priceScale: number; qtyScale: number };

/** The estimate and how far it is from the last trade. */
function estimateRows(
  t: TFunction<'trade'>,
  lang: Locale,
  p: Pick<SpotPreview, 'avgPrice' | 'priceDiff' | 'priceDiffPercent'>,
  scale: number,
  avgLabel: 'preview.avg' | 'preview.avg_entry',
): FigureRow[] {
  return [
    { label: t(avgLabel), value: formatPrice(p.avgPrice, lang, scale), testId: 'preview-avg' },
    { label: t('preview.from_last'), value: fromLast(p, lang, scale), testId: 'preview-from-last' },
  ];
}

/** The fee lines as the broker books them, each with its own words. */
function feeRows(
  t: TFunction<'trade'>,
  fees: SpotPreview['fees'],
  currency: string,
  lang: Locale,
  ids: SharedRowIds,
): FigureRow[] {
  return fees.map((fee) => ({
    label: t(`preview.fee.${fee.key}`),
    value: previewMoney(fee.amount, currency, lang),
    testId: ids[fee.key] ?? `preview-fee-${fee.key}`,
  }));
}

/** A stock or coin order's preview: average and slippage, what fills now, amount, fees, hold, total. */
export function spotPreviewRows(
  t: TFunction<'trade'>,
  lang: Locale,
  p: SpotPreview,
  instrument: Instrument,
  ids: SharedRowIds = {},
): PreviewRows {
  const qty = (value: string) => formatDecimal(value, lang, { decimals: instrument.qtyScale });
  // A stock's shares are counted, a coin named.
  const quantity = (value: string) =>
    p.asset === p.symbol ? t('preview.shares', { qty: qty(value) }) : `${qty(value)} ${p.asset}`;
  const split = new Decimal(p.restQty).gt(0) && new Decimal(p.filledQty).gt(0);
  return {
    rows: [
      ...estimateRows(t, lang, p, instrument.priceScale, 'preview.avg'),
      ...(split
        ? [
            { label: t('preview.fills_now'), value: quantity(p.filledQty), testId: 'preview-fills-now' },
            { label: t('preview.rests'), value: quantity(p.restQty), testId: 'preview-rests' },
          ]
        : []),
      {
        label: t('preview.amount'),
        value: previewMoney(p.amount, p.currency, lang),
        testId: ids.amount ?? 'preview-amount',
      },
      ...feeRows(t, p.fees, p.currency, lang, ids),
      {
        label: t('preview.hold'),
        value: p.holdCurrency === p.currency ? previewMoney(p.hold, p.currency, lang) : quantity(p.hold),
        testId: 'preview-hold',
      },
    ],
    total: {
      label: t(p.side === 'buy' ? 'preview.total_buy' : 'preview.total_sell'),
      value: previewMoney(p.total, p.currency, lang),
      testId: ids.total ?? 'preview-total',
    },
  };
}

/** A contract opening's preview: entry and slippage, quantity, margin, fee, liquidation, total. */
export function contractPreviewRows(
  t: TFunction<'trade'>,
  lang: Locale,
  p: ContractPreview,
  instrument: Instrument & { base: string },
  ids: SharedRowIds = {},
): PreviewRows {
  const usdt = (value: string) => previewMoney(value, 'USDT', lang);
  return {
    rows: [
      ...estimateRows(t, lang, p, instrument.priceScale, 'preview.avg_entry'),
      {
        label: t('preview.quantity'),
        value: `${formatDecimal(p.qty, lang, { decimals: instrument.qtyScale })} ${instrument.base}`,
        testId: ids.qty ?? 'preview-qty',
      },
      { label: t('preview.margin'), value: usdt(p.margin), testId: ids.margin ?? 'preview-margin' },
      ...feeRows(t, p.fees, 'USDT', lang, ids),
      {
        label: t('preview.liquidation'),
        value:
          p.liquidationPrice === null
            ? t('preview.no_liquidation')
            : formatPrice(p.liquidationPrice, lang, instrument.priceScale),
        testId: ids.liquidation ?? 'preview-liquidation',
      },
    ],
    total: { label: t('preview.total_open'), value: usdt(p.total), testId: ids.total ?? 'preview-total' },
  };
}

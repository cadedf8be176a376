import { fundingPayment } from '../../../domain/contracts/funding';
import { chargeDecimals, chargeRemainderDecimals, shownBreakdown } from '../../../domain/format/addends';
import { USDT_SCALE } from '../../../domain/format/money';
import { formatDecimal, formatMoney, formatPercent, formatPrice } from '../../../domain/format/number';
import type { ContractOpenRequest, ContractRules, PositionSide } from '../../../domain/protocol/contracts';
import type { FigureRow } from '../../components/trade/figure-rows';
import type { TicketPreview } from './contract-ticket-logic';
import { ratePercent } from './fee-rates';

/** `places`: the decimals of its margin, fee and cost rows (they add up as shown). */
export type OpenIntent = {
  request: ContractOpenRequest;
  preview: TicketPreview;
  rows: FigureRow[];
  places: number;
};

/**
 * Margin + fee = cost, as shown: the fewest decimals from `min` at which they add up with the fee
 * shown truncated or a unit up (domain/format/addends.ts); USDT's 8 at most, where all are exact.
 */
export const costPlaces = (preview: TicketPreview | null, min = 2): number =>
  preview
    ? (chargeRemainderDecimals(
        [preview.cost.margin, preview.cost.fee],
        preview.cost.total,
        min,
        USDT_SCALE,
      ) ?? USDT_SCALE)
    : min;

/** Margin, fee and cost as shown at `places` (domain/format/addends.ts: they add up). */
const shownCost = (preview: TicketPreview | null, places: number) =>
  preview ? shownBreakdown([preview.cost.margin, preview.cost.fee], preview.cost.total, places) : null;

/** The cost row under the preview (the ticket's and the confirmation's), in the rows' decimals. */
export function costText(
  preview: TicketPreview | null,
  lang: 'tr-TR' | 'en-US',
  places = costPlaces(preview),
): string {
  const cost = shownCost(preview, places);
  return cost ? `${formatMoney(cost.total, lang, { decimals: places })} USDT` : '--';
}

/**
 * The preview rows shown before the open button and again in the confirmation. The liquidation
 * fee row names its rate and what it would take in money at the liquidation price (DECISIONS §2).
 */
export function previewRows(
  preview: TicketPreview | null,
  rules: Pick<ContractRules, 'liquidationFeeRate'>,
  priceScale: number,
  qtyScale: number,
  base: string,
  t: (key: string, params?: Record<string, string>) => string,
  lang: 'tr-TR' | 'en-US',
  places = costPlaces(preview),
  funding: Funding | null = null,
): FigureRow[] {
  // Money in the contract account's currency, named: "199.97" alone reads as any currency.
  const usd = (value: { toFixed: () => string } | string | undefined, decimals = 2) =>
    value === undefined
      ? '--'
      : `${formatMoney(typeof value === 'string' ? value : value.toFixed(), lang, { decimals })} USDT`;
  const [margin, fee] = shownCost(preview, places)?.parts ?? [];
  return [
    {
      label: t('ticket.quantity'),
      value: preview
        ? `${formatDecimal(preview.cost.qty.toFixed(), lang, { decimals: qtyScale })} ${base}`
        : '--',
      testId: 'ticket-qty',
    },
    { label: t('ticket.notional'), value: usd(preview?.cost.notional), testId: 'ticket-notional' },
    { label: t('ticket.margin'), value: usd(margin, places), testId: 'ticket-margin' },
    { label: t('ticket.open_fee'), value: usd(fee, places), testId: 'ticket-fee' },
    ...(funding ? [fundingRow(preview, funding, t, lang)] : []),
    {
      label: t('ticket.liq_price'),
      value: preview
        ? preview.liquidationPrice
          ? formatPrice(preview.liquidationPrice, lang, priceScale)
          : t('ticket.liq_none')
        : '--',
      testId: 'ticket-liq',
    },
    {
      label: t('ticket.liq_fee', { rate: ratePercent(rules.liquidationFeeRate, lang) }),
      value: preview
        ? preview.liquidation
          ? // A no-break space: the sign never wraps away from its figure.
            `≈\u00a0${formatMoney(preview.liquidation.liquidationFee.toFixed(), lang)} USDT`
          : t('ticket.liq_none')
        : '--',
      testId: 'ticket-liq-fee',
    },
  ];
}

/** The live funding rate (a percent per interval, null until the mark stream sent one) for a side. */
export type Funding = { rate: string | null; side: PositionSide; mark: string | null; intervalMs: number };

/**
 * What the position would pay or receive at each funding boundary at the rate now (DECISIONS §2:
 * every cost before money moves; the risk disclosure says "at the rate shown"): the rate and the
 * money, by domain/contracts fundingPayment, the rule the server charges with.
 */
function fundingRow(
  preview: TicketPreview | null,
  funding: Funding,
  t: (key: string, params?: Record<string, string>) => string,
  lang: 'tr-TR' | 'en-US',
): FigureRow {
  const label = t('ticket.funding', { hours: String(Math.round(funding.intervalMs / 3_600_000)) });
  const { rate, mark } = funding;
  if (rate === null) return { label, value: t('ticket.funding_unknown'), testId: 'ticket-funding' };
  const shownRate = formatPercent(rate, lang, { decimals: 4, signed: true });
  if (!preview || mark === null) return { label, value: shownRate, testId: 'ticket-funding' };
  const pay = fundingPayment(funding.side, preview.cost.qty, mark, rate);
  const amount = formatMoney(pay.abs().toFixed(), lang, { decimals: chargeDecimals(pay) });
  const key = pay.isZero()
    ? 'ticket.funding_none'
    : pay.gt(0)
      ? 'ticket.funding_pay'
      : 'ticket.funding_receive';
  return { label, value: t(key, { rate: shownRate, amount }), testId: 'ticket-funding' };
}

import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { displayDecimals } from '../../../domain/format/display';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney } from '../../../domain/format/number';
import type { TxRecord } from '../../../domain/protocol/trading';

export type Wallet = TxRecord['wallet'];

/**
 * The one display rule per currency (docs/design.md, "Showing amounts"): TRY and USDT to the
 * cent, shares whole, coins at their precision. A statement line shows this; the exact amount the
 * ledger booked (USDT to 8) is in the line's detail.
 */
export function shownPlaces(wallet: Wallet, currency: string): number {
  if (wallet === 'stock' && currency !== 'TRY') return 0;
  return displayDecimals(currency);
}

/** An amount with its currency as every other screen writes it: "₺5.000,00", "60,00 USDT". */
export function money(
  value: Decimal.Value,
  currency: string,
  locale: Locale,
  decimals: number,
  signed = false,
): string {
  return formatMoney(new Decimal(value).toFixed(), locale, { currency, decimals, signed });
}

const CASH: Record<Wallet, string> = { stock: 'TRY', coin: 'USDT', contract: 'USDT' };

/** One ledger transaction: its rows per currency (a trade moves cash and the instrument). */
export type TxGroup = { id: string; rows: TxRecord[] };

/** Rows of one transaction arrive together (newest first): one statement line each. */
export function groupByTransaction(rows: readonly TxRecord[]): TxGroup[] {
  const groups: TxGroup[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.id === row.transactionId) last.rows.push(row);
    else groups.push({ id: row.transactionId, rows: [row] });
  }
  return groups;
}

export type TxFigures = NonNullable<ReturnType<typeof txFigures>>;

/** What one statement line shows, worked out from its transaction's rows. */
export function txFigures(group: TxGroup, t: TFunction<'trade'>, locale: Locale) {
  const first = group.rows[0];
  if (!first) return null;
  const cash = group.rows.find((row) => row.currency === CASH[row.wallet]);
  const asset = group.rows.find((row) => row !== cash);
  // The money line: the cash movement; a list filtered to one coin shows that coin's instead.
  const main = cash ?? first;
  // A contract's margin moves into its position and back: the user's still, shown beside the line.
  const margin = first.reason.startsWith('contract_') ? new Decimal(main.frozen) : null;
  // Any other hold (or its release: an order, a withdrawal, an IPO application, a coin sale commitment, a loan
  // repayment) moves money between available and frozen: what the user owns is unchanged, so the
  // line says "held 637.50" (or "released"), never a minus: the charge that later spends the hold is
  // the one debit, and the signed amounts a user adds up come to the balance (otherwise an IPO's
  // hold and its allotment read as the payment taken twice).
  const shift = !margin && new Decimal(main.amount).isZero() ? new Decimal(main.available) : null;
  const held = shift !== null && !shift.isZero() ? shift : null;
  // Margin added to (or taken from) an open position moves nothing out of the user's money, but
  // "0,00 USDT" read as nothing happening: the line shows what left the available balance, and
  // the margin note below says where it went.
  const marginOnly = margin !== null && !margin.isZero() && new Decimal(main.amount).isZero();
  const amount = held ?? (marginOnly ? new Decimal(main.available) : new Decimal(main.amount));
  const places = shownPlaces(main.wallet, main.currency);
  const trade =
    first.side && first.symbol
      ? t(first.side === 'buy' ? 'funds.trade_buy' : 'funds.trade_sell', { symbol: first.symbol })
      : null;
  // An order's hold and its release name the order ("Buy THYAO order"), not a trade that happened.
  const orderHold = first.reason === 'order_freeze' || first.reason === 'order_release';
  const title = trade
    ? orderHold
      ? t('funds.order_title', { order: trade })
      : trade
    : // Words by the reason, else by what it refers to, else "booking": never the internal memo.
      t(`tx_reason.${first.reason}`, {
        defaultValue: t(`ref_type.${first.referenceType}`, { defaultValue: t('tx_reason.other') }),
      });
  const quantity =
    asset && cash && !new Decimal(asset.amount).isZero()
      ? asset.wallet === 'stock'
        ? t('ticket.shares', {
            qty: formatMoney(new Decimal(asset.amount).abs().toFixed(), locale, { decimals: 0 }),
          })
        : money(
            new Decimal(asset.amount).abs(),
            asset.currency,
            locale,
            shownPlaces(asset.wallet, asset.currency),
          )
      : null;
  // A trade's costs are on its cash row; a conversion's fee on the row it paid into (a coin into a
  // coin has no cash row: the fee is in the coin received).
  const feeRow = cash?.fees ? cash : group.rows.find((row) => row.fees && !new Decimal(row.fees).isZero());
  const fees = feeRow?.fees ? { amount: new Decimal(feeRow.fees), row: feeRow } : null;
  return { first, main, margin, held, marginOnly, amount, places, title, quantity, fees };
}

/** The line's amount at `decimals`: "Held ₺400,00", "Released …", or signed "+60,00 USDT". */
export function amountText(
  figures: Pick<TxFigures, 'held' | 'amount' | 'main'>,
  decimals: number,
  t: TFunction<'trade'>,
  locale: Locale,
): string {
  const { held, amount, main } = figures;
  if (held)
    return t(held.isNeg() ? 'funds.held_amount' : 'funds.released_amount', {
      amount: money(held.abs(), main.currency, locale, decimals),
    });
  return money(amount, main.currency, locale, decimals, true);
}

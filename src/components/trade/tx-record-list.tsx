import './texts';
import '../../styles/trade.css';
import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { USDT_SCALE } from '../../../domain/format/money';
import { formatDecimal, formatMoney, formatSigned } from '../../../domain/format/number';
import type { TxRecord } from '../../../domain/protocol/trading';
import { prefs } from '../../state/prefs';
import { ErrorState, ListSkeleton } from '../content/state-views';
import { usePaged } from '../content/use-paged';
import { fundsRecordEndpoints } from '../../../domain/protocol/endpoints/funds-record';
import { call } from '../../api/call';

type Wallet = TxRecord['wallet'];

/**
 * TRY to the kuruş, shares whole, coins to 8 places; USDT to the cent, or to every decimal the
 * ledger booked (up to its 8): a contract's fee of 0.09958253 read "-0.09" and its close
 * "-0.27", and a statement of +60.00, -0.09, -0.27 does not come to the 59.62 the wallet holds.
 */
function placesOf(wallet: Wallet, currency: string, value: Decimal.Value = 0): number {
  if (currency === 'TRY') return 2;
  if (currency === 'USDT') return Math.min(USDT_SCALE, Math.max(2, new Decimal(value).decimalPlaces()));
  return wallet === 'stock' ? 0 : 8;
}

const CASH: Record<Wallet, string> = { stock: 'TRY', coin: 'USDT', contract: 'USDT' };
/** References a person can quote to support; operator and transfer ids are internal. */
const SHOWN_REFERENCES: ReadonlySet<string> = new Set(['spot_order', 'contract_position']);

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

/** What one statement line shows, worked out from its transaction's rows. */
function txFigures(group: TxGroup, t: TFunction<'trade'>, locale: Locale) {
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
  // the one debit, and the signed amounts a user adds up come to the balance (audit: an IPO's hold
  // and its allotment read as the payment taken twice).
  const shift = !margin && new Decimal(main.amount).isZero() ? new Decimal(main.available) : null;
  const held = shift !== null && !shift.isZero() ? shift : null;
  // Margin added to (or taken from) an open position moves nothing out of the user's money, but
  // "0,00 USDT" read as nothing happening: the line shows what left the available balance, and
  // the margin note below says where it went.
  const marginOnly = margin !== null && !margin.isZero() && new Decimal(main.amount).isZero();
  const amount = held ?? (marginOnly ? new Decimal(main.available) : new Decimal(main.amount));
  const places = placesOf(main.wallet, main.currency, amount);
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
            qty: formatDecimal(new Decimal(asset.amount).abs().toFixed(), locale, { decimals: 0 }),
          })
        : `${formatDecimal(new Decimal(asset.amount).abs().toFixed(), locale, {
            decimals: placesOf(asset.wallet, asset.currency),
          })} ${asset.currency}`
      : null;
  // A trade's costs are on its cash row; a conversion's fee on the row it paid into (a coin into a
  // coin has no cash row: the fee is in the coin received).
  const feeRow = cash?.fees ? cash : group.rows.find((row) => row.fees && !new Decimal(row.fees).isZero());
  const fees = feeRow?.fees ? { amount: new Decimal(feeRow.fees), row: feeRow } : null;
  return { first, main, margin, held, marginOnly, amount, places, title, quantity, fees };
}

/** The notes under a line: a hold or release, the costs inside it, a contract's margin. */
function TxNotes({
  held,
  fees,
  margin,
  main,
  locale,
}: Pick<NonNullable<ReturnType<typeof txFigures>>, 'held' | 'fees' | 'margin' | 'main'> & {
  locale: Locale;
}) {
  const { t } = useTranslation('trade');
  return (
    <>
      {held && (
        <div className="tx-line__meta" data-testid="tx-held">
          <span>{t(held.isNeg() ? 'funds.held_note' : 'funds.released_note')}</span>
        </div>
      )}
      {fees && !fees.amount.isZero() && (
        <div className="tx-line__meta">
          <span>{t('funds.fees_included')}</span>
          <span className="num" data-testid="tx-fees">
            {formatMoney(fees.amount.toFixed(), locale, {
              decimals: placesOf(fees.row.wallet, fees.row.currency, fees.amount),
            })}{' '}
            {fees.row.currency}
          </span>
        </div>
      )}
      {margin && !margin.isZero() && (
        <div className="tx-line__meta">
          <span>{t(margin.isPos() ? 'funds.margin_locked' : 'funds.margin_returned')}</span>
          <span className="num" data-testid="tx-frozen">
            {formatMoney(margin.abs().toFixed(), locale, {
              decimals: placesOf(main.wallet, main.currency, margin),
            })}{' '}
            {main.currency}
          </span>
        </div>
      )}
    </>
  );
}

function TxLine({ group, locale }: { group: TxGroup; locale: Locale }) {
  const { t } = useTranslation('trade');
  const figures = txFigures(group, t, locale);
  if (!figures) return null;
  const { first, main, margin, held, marginOnly, amount, places, title, quantity, fees } = figures;
  return (
    <li
      className="tx-line"
      data-testid="tx-line"
      data-reason={first.reason}
      data-currency={main.currency}
      data-amount={main.amount}
      data-held={held ? held.toFixed() : undefined}
    >
      <div className="tx-line__head">
        <span className="tx-line__title">
          {title}
          {/* The space outside the quantity: the line breaks before "0,05000000 BTC", never
              inside it (a figure on one line, its coin on the next). */}
          {quantity && ' '}
          {quantity && (
            <span className="tx-line__qty num" data-testid="tx-qty">
              {quantity}
            </span>
          )}
        </span>
        <span
          className={`tx-line__amount num${amount.isPos() && !held && !marginOnly ? ' tone-up' : ''}${held ? ' tx-line__amount--held' : ''}`}
          data-testid="tx-available"
        >
          {held
            ? t(held.isNeg() ? 'funds.held_amount' : 'funds.released_amount', {
                amount: `${formatMoney(held.abs().toFixed(), locale, { decimals: places })} ${main.currency}`,
              })
            : `${formatSigned(amount.toFixed(), locale, places)} ${main.currency}`}
        </span>
      </div>
      <TxNotes held={held} fees={fees} margin={margin} main={main} locale={locale} />
      {/* The balance after the line, as a bank statement shows it: the lines add up to it. */}
      <div className="tx-line__meta">
        <span>{t('funds.balance_after')}</span>
        <span className="num" data-testid="tx-balance">
          {formatMoney(main.balance.total, locale, {
            decimals: placesOf(main.wallet, main.currency, main.balance.total),
          })}{' '}
          {main.currency}
        </span>
      </div>
      <div className="tx-line__meta">
        <span className="num">{formatDateTime(first.t, locale)}</span>
        {SHOWN_REFERENCES.has(first.referenceType) && (
          <span className="tx-line__ref">
            {t('funds.reference', {
              type: t(`ref_type.${first.referenceType}`, { defaultValue: '' }),
              ref: first.referenceId,
            })}
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * The funds detail of one wallet (and currency), read like a bank statement: one line per
 * movement, newest first, a page at a time (GET /user/tx/record): a trade is "Buy THYAO 10 lots
 * −3,197.08 TRY" with its costs inside, credits green, no internal ids, and the balance after it.
 * A hold (an order's, a withdrawal's, an IPO's, a coin sale's, a loan repayment's) reads "held"
 * with the amount taken from available into frozen, its release "released", neither signed: the
 * hold is still the user's money, only its charge is a debit.
 */
export function TxRecordList({
  wallet,
  currency,
  empty,
}: {
  wallet: Wallet;
  currency?: string;
  /** What an account without bookings shows: a title and the next step. */
  empty: ReactNode;
}) {
  const { t } = useTranslation('trade');
  const locale = useSnapshot(prefs).lang;
  const list = usePaged<TxRecord>(`tx|${wallet}|${currency ?? ''}`, (page, size, after) =>
    call(
      fundsRecordEndpoints.txRecord,
      { wallet, ...(currency ? { currency } : {}), page, size, ...(after ? { before: after.id } : {}) },
      { silent: true },
    ),
  );
  const first = list.first;
  if (first.status === 'loading') return <ListSkeleton rows={5} />;
  if (first.status === 'error') return <ErrorState error={first.error} onRetry={list.reload} />;
  if (list.rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="trade-list" data-testid="tx-list">
        {groupByTransaction(list.rows).map((group) => (
          <TxLine key={group.id} group={group} locale={locale} />
        ))}
      </ul>
      {list.hasMore && (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.loadingMore}
          data-testid="tx-more"
          onClick={() => void list.more()}
        >
          {t('funds.more')}
        </button>
      )}
    </>
  );
}

import Decimal from 'decimal.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { chargeDecimals } from '../../../domain/format/addends';
import { formatDateTime } from '../../../domain/format/date';
import { USDT_SCALE } from '../../../domain/format/money';
import { formatDecimal, formatMoney, formatPrice } from '../../../domain/format/number';
import { LIVE_ORDER_STATUSES, type SpotOrder } from '../../../domain/protocol/trading';
import type { CoinInfo } from '../../../domain/protocol/market';
import { coinOrderEndpoints } from '../../../domain/protocol/endpoints/coin-orders';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { LoadMore } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { ListSection } from './list-section';
import { direction, toneClass } from '../../components/tone';
import { useConfirmedCancel } from '../../components/trade/use-confirmed-cancel';
import { prefs } from '../../state/prefs';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { Button } from '../../components/button';

type View = 'open' | 'history';
/**
 * The pair's facts its orders are shown with: decimals, the coin a sell holds (base) and the one
 * fees and P&L are in (quote).
 */
type SpotOrderPair = Pick<CoinInfo, 'symbol' | 'priceScale' | 'qtyScale' | 'base' | 'quote'>;
const ID = 'spot-orders';
/** Fills, expiries and cancels elsewhere: the private `orders` channel says when to re-read. */
const ORDER_EVENTS = ['orders'] as const;
/**
 * The list's first page, kept across visits (kept-answers.ts): it is a POST with fields, which the
 * early cache never takes, so without it every return to the tab showed a skeleton for a round trip.
 */
const KEEP = { keep: true };

/** What a working order holds, the fees a filled one paid, and a sale's P&L: each only when there is one. */
function OrderMoneyCells({ order, info }: { order: SpotOrder; info: SpotOrderPair }) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { base, quote, qtyScale } = info;
  const live = LIVE_ORDER_STATUSES.includes(order.status);
  const qty = (value: string) => formatDecimal(value, lang, { decimals: qtyScale });
  return (
    <>
      {/* What a working order keeps aside, to the unit the wallet and its records show: the
        buy's USDT (amount and fee at its price), the sell's coins. */}
      {live && direction(order.frozen) > 0 && (
        <div>
          <dt>{t('spot.held')}</dt>
          <dd className="num" data-testid="spot-order-held">
            {order.side === 'buy'
              ? formatMoney(order.frozen, lang, {
                  currency: quote,
                  decimals: Math.min(USDT_SCALE, Math.max(2, new Decimal(order.frozen).decimalPlaces())),
                })
              : `${qty(order.frozen)} ${base}`}
          </dd>
        </div>
      )}
      {direction(order.filledQty) !== 0 && (
        <div>
          <dt>{t('spot.fee_paid')}</dt>
          <dd className="num" data-testid="spot-order-fees">
            {formatMoney(order.fees, lang, { currency: quote, decimals: chargeDecimals(order.fees) })}
          </dd>
        </div>
      )}
      {/* What a sale made against the coin's average cost, as stock orders show it. */}
      {order.side === 'sell' && direction(order.realizedPnl) !== 0 && (
        <div>
          <dt>{t('spot.pnl')}</dt>
          <dd className={`num ${toneClass(order.realizedPnl)}`} data-testid="spot-order-pnl">
            {formatMoney(order.realizedPnl, lang, { currency: quote, signed: true })}
          </dd>
        </div>
      )}
    </>
  );
}

function OrderCard({
  order,
  info,
  onCancel,
}: {
  order: SpotOrder;
  info: SpotOrderPair;
  onCancel: (order: SpotOrder) => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { priceScale, qtyScale } = info;
  const live = LIVE_ORDER_STATUSES.includes(order.status);
  const qty = (value: string) => formatDecimal(value, lang, { decimals: qtyScale });
  return (
    <li className="surface-card" data-testid="spot-order" data-status={order.status}>
      <div className="trade-card__head">
        <span className="trade-card__title">
          <span className={order.side === 'buy' ? 'tone-up' : 'tone-down'}>{t(`spot.${order.side}`)}</span>{' '}
          {order.symbol} · {t(`spot.${order.type}`)}
        </span>
        <span className="badge contract-badge">{t(`spot.status.${order.status}`)}</span>
      </div>
      <dl className="trade-card__grid">
        <div>
          <dt>{t('spot.price')}</dt>
          <dd className="num">
            {order.price ? formatPrice(order.price, lang, priceScale) : t('spot.market')}
          </dd>
        </div>
        <div>
          <dt>{t('spot.filled_qty')}</dt>
          <dd className="num">
            {qty(order.filledQty)} / {qty(order.quantity)}
          </dd>
        </div>
        <div>
          <dt>{t('spot.avg_price')}</dt>
          <dd className="num">{order.avgPrice ? formatPrice(order.avgPrice, lang, priceScale) : '--'}</dd>
        </div>
        <OrderMoneyCells order={order} info={info} />
      </dl>
      <div className="trade-card__head">
        <span className="hint num">{formatDateTime(order.createdAt, lang)}</span>
        {live && (
          <Button testId="spot-order-cancel" onClick={() => onCancel(order)}>
            {t('spot.cancel')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The loaded orders of one tab, or its loading, error or empty state. */
function OrderList({
  orders,
  view,
  info,
  onCancel,
}: {
  orders: ReturnType<typeof usePaged<SpotOrder>>;
  view: View;
  info: SpotOrderPair;
  onCancel: (order: SpotOrder) => void;
}) {
  const { t } = useTranslation('contract');
  if (orders.first.status === 'loading') return <ListSkeleton rows={2} />;
  if (orders.first.status === 'error')
    return <ErrorState error={orders.first.error} onRetry={orders.reload} />;
  if (orders.rows.length === 0)
    return view === 'open' ? (
      <EmptyState title={t('spot.orders_empty')} body={t('spot.orders_empty_body')} />
    ) : (
      <EmptyState title={t('spot.history_empty')} />
    );
  return (
    <ul className="card-list">
      {orders.rows.map((order) => (
        <OrderCard key={order.id} order={order} info={info} onCancel={onCancel} />
      ))}
    </ul>
  );
}

/** Cancels one order or all of the pair's, each after the user confirms; then the lists re-read. */
function useSpotCancel(info: SpotOrderPair, reload: () => void, onChange: () => void) {
  const { t } = useTranslation('contract');
  const { symbol, base, quote } = info;
  const { runNamed, run } = useConfirmedCancel(() => {
    reload();
    onChange();
  });
  // Both buttons say what they do: "Cancel" beside "Cancel order" is a coin toss.
  const cancelOne = (order: SpotOrder) =>
    run(
      {
        // What the cancel gives back depends on the side: a buy holds the quote coin, a sell the base.
        text:
          order.side === 'sell'
            ? t('spot.cancel_confirm_sell', { coin: base })
            : t('spot.cancel_confirm_buy', { coin: quote }),
        confirmText: t('spot.cancel_order'),
        cancelText: t('spot.keep_order'),
      },
      () => call(coinOrderEndpoints.close, { id: order.id }, { silent: true }),
      t('spot.cancelled'),
    );
  // "All" is named: the pair and how many of its orders the tap found open; only those are sent.
  const cancelAll = () =>
    runNamed({
      read: (size) =>
        call(coinOrderEndpoints.list, { status: 'open', symbol, page: 1, size }, { silent: true }),
      question: ({ list, total }) => ({
        text:
          list.length < total
            ? t('spot.cancel_all_capped', { symbol, count: list.length, total })
            : t('spot.cancel_all_confirm', { symbol, count: list.length }),
        confirmText: t('spot.cancel_all'),
        cancelText: t('spot.keep_orders'),
      }),
      send: (ids) => call(coinOrderEndpoints.close, { all: '1', symbol, ids }, { silent: true }),
      doneText: ({ cancelled, gone }) => {
        const done = t('spot.cancelled_all', { count: cancelled });
        return gone > 0 ? `${done} ${t('spot.cancelled_gone', { count: gone })}` : done;
      },
    });
  return { cancelOne, cancelAll };
}

/** Open orders (cancel one or all, confirmed) and finished ones, under the spot ticket. */
export function SpotOrders({
  info,
  epoch,
  onChange,
}: {
  info: SpotOrderPair;
  /** Bumped after an order is placed: the lists reload. */
  epoch: number;
  onChange: () => void;
}) {
  const { t } = useTranslation('contract');
  const { symbol } = info;
  const [view, setView] = useState<View>('open');
  const key = `spot-orders|${view}|${symbol}`;
  // A page at a time from the last order shown: a busy pair has more than one page of either.
  // The first page is kept across visits (KEEP): the tab opened again shows it at once.
  const orders = usePaged<SpotOrder>(
    key,
    (page, size, after) =>
      call(
        coinOrderEndpoints.list,
        { status: view, symbol, page, size, ...(after ? { before: after.id } : {}) },
        { silent: true },
      ),
    true,
    KEEP,
  );
  // An order placed here reads the list again behind what it shows. Not in the key: a key of its
  // own would be kept apart, and the tab's next visit (its count back at 0) would show the list
  // from before the order.
  const refreshOrders = useRef(orders.refresh);
  useLayoutEffect(() => {
    refreshOrders.current = orders.refresh;
  });
  useEffect(() => {
    if (epoch > 0) void refreshOrders.current();
  }, [epoch]);
  // Finished orders only arrive at the top of the history, so the pages read below stay; open
  // ones also leave, so that list goes back to its first page.
  usePrivateRefetch(ORDER_EVENTS, () => void orders.refresh({ keepMore: view === 'history' }));

  const { cancelOne, cancelAll } = useSpotCancel(info, orders.reload, onChange);

  // "Cancel all" by what the broker holds open, not the rows loaded so far.
  const openCount = view === 'open' ? orders.total : 0;
  return (
    <ListSection<View>
      label={t('spot.orders_open')}
      idPrefix={ID}
      selected={view}
      onSelect={setView}
      options={[
        { value: 'open', label: t('spot.orders_open'), testId: 'spot-orders-open' },
        { value: 'history', label: t('spot.orders_history'), testId: 'spot-orders-history' },
      ]}
      action={
        openCount > 1 && (
          <Button testId="spot-cancel-all" onClick={() => void cancelAll()}>
            {t('spot.cancel_all')}
          </Button>
        )
      }
    >
      <OrderList orders={orders} view={view} info={info} onCancel={(o) => void cancelOne(o)} />
      <LoadMore
        paged={orders}
        label={t(view === 'open' ? 'spot.orders_more' : 'spot.history_more')}
        className="positions-more"
      />
    </ListSection>
  );
}

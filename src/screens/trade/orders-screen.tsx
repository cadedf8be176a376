import '../../components/trade/texts';
import '../../styles/trade.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { SpotOrder } from '../../../domain/protocol/trading';
import { PagedOrders } from '../../components/trade/paged-orders';
import { useConfirmedCancel } from '../../components/trade/use-confirmed-cancel';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Tabs, tabId, tabPanelId } from '../../components/tabs';
import { OrderRow } from './order-row';
import { usePaged } from '../../components/content/use-paged';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import { call } from '../../api/call';
import { Button } from '../../components/button';
import type { TFunction } from 'i18next';
import { symbolList } from '../../../domain/format/symbol-list';

type View = 'open' | 'history';
const VIEWS: readonly View[] = ['open', 'history'];
const ORDER_CHANNELS = ['orders'] as const;

/**
 * What "cancel all" touches, named: the symbols of the open orders read so far, and how many more
 * the broker holds beyond them (a first page shows 20).
 */
function allNamed(rows: readonly SpotOrder[], total: number, t: TFunction<'trade'>): string {
  const symbols = symbolList(rows.map((order) => order.symbol));
  return rows.length < total ? t('orders.cancel_all_more', { symbols, count: total - rows.length }) : symbols;
}

/** Cancelling one order or all of them, each after a confirmation; `done` re-reads the list. */
function useOrderCancel(done: () => void) {
  const { t } = useTranslation('trade');
  const { busy, run } = useConfirmedCancel(done);
  const cancel = (target: { order: SpotOrder } | { all: number; rows: readonly SpotOrder[] }) =>
    run(
      {
        // What the cancel gives back depends on the side: a buy holds money, a sell holds shares.
        text:
          'order' in target
            ? t(target.order.side === 'sell' ? 'orders.cancel_confirm_sell' : 'orders.cancel_confirm_buy', {
                symbol: target.order.symbol,
              })
            : t('orders.cancel_all_confirm', {
                count: target.all,
                symbols: allNamed(target.rows, target.all, t),
              }),
        // Both buttons say what they do: "Cancel" beside "Cancel order" is a coin toss.
        confirmText: t('order' in target ? 'orders.cancel_order' : 'orders.cancel_all'),
        cancelText: t('orders.keep_order'),
      },
      () =>
        call(stockOrderEndpoints.cancel, 'order' in target ? { id: target.order.id } : { all: '1' }, {
          silent: true,
        }),
      t('orders.cancelled_toast'),
    );
  return { busy, cancel };
}

/** /pages/stock/order: open and finished stock orders; cancel one or all, each after a confirmation. */
export default function OrdersScreen() {
  const { t } = useTranslation('trade');
  const [view, setView] = useState<View>('open');
  const list = usePaged<SpotOrder>(`stock-orders|${view}`, (page, size, after) =>
    call(
      stockOrderEndpoints.list,
      { status: view, page, size, ...(after ? { before: after.id } : {}) },
      { silent: true },
    ),
  );
  // A fill or a cancel re-reads the first page; in the history the pages read below it stay.
  usePrivateRefetch(ORDER_CHANNELS, () => void list.refresh({ keepMore: view === 'history' }));

  const { busy, cancel } = useOrderCancel(() => void list.refresh());

  const openCount = view === 'open' ? list.total : 0;
  const body = (
    <PagedOrders
      list={list}
      empty={{
        title: t(view === 'open' ? 'orders.empty_open' : 'orders.empty_history'),
        body: t('orders.empty_body'),
        label: t('orders.go_trade'),
        testId: 'orders-go-trade',
      }}
      moreLabel={t('orders.more')}
    >
      {openCount > 0 && (
        <div className="split-row list-toolbar">
          <Button
            testId="orders-cancel-all"
            disabled={busy}
            onClick={() => void cancel({ all: openCount, rows: list.rows })}
          >
            {t('orders.cancel_all')}
          </Button>
        </div>
      )}
      <ul className="trade-list" data-testid={`orders-${view}`}>
        {list.rows.map((order) => (
          <OrderRow key={order.id} order={order} busy={busy} onCancel={(o) => void cancel({ order: o })} />
        ))}
      </ul>
    </PagedOrders>
  );

  return (
    <Screen className="orders-screen">
      <Navbar title={t('orders.title')} />
      <Tabs
        label={t('orders.title')}
        idPrefix="orders"
        options={VIEWS.map((value) => ({
          value,
          label: t(`orders.${value}`),
          testId: `orders-tab-${value}`,
        }))}
        selected={view}
        onSelect={setView}
      />
      <div
        className="screen__body"
        role="tabpanel"
        id={tabPanelId('orders')}
        aria-labelledby={tabId('orders', view)}
      >
        <PullToRefresh onRefresh={() => list.refresh({ keepMore: true })}>{body}</PullToRefresh>
      </div>
    </Screen>
  );
}

import '../../components/trade/texts';
import '../../styles/trade.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { SpotOrder } from '../../../domain/protocol/trading';
import { PagedOrders } from '../../components/trade/paged-orders';
import { useConfirmedCancel, type NamedOrders } from '../../components/trade/use-confirmed-cancel';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';
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
 * What "cancel all" touches, named: the symbols of the open orders read when the user tapped (the
 * newest NAMED_IDS_MAX), and, past that cap, how many the broker holds in all (the rest stay).
 */
function allQuestion({ list, total }: NamedOrders, t: TFunction<'trade'>): string {
  const symbols = symbolList(list.map((order) => order.symbol));
  return list.length < total
    ? t('orders.cancel_all_capped', { count: list.length, total, symbols })
    : t('orders.cancel_all_confirm', { count: list.length, symbols });
}

/** Cancelling one order or all of them, each after a confirmation; `done` re-reads the list. */
function useOrderCancel(done: () => void) {
  const { t } = useTranslation('trade');
  const { busy, run, runNamed } = useConfirmedCancel(done);
  // Both buttons say what they do: "Cancel" beside "Cancel order" is a coin toss.
  const cancelOne = (order: SpotOrder) =>
    run(
      {
        // What the cancel gives back depends on the side: a buy holds money, a sell holds shares.
        text: t(order.side === 'sell' ? 'orders.cancel_confirm_sell' : 'orders.cancel_confirm_buy', {
          symbol: order.symbol,
        }),
        confirmText: t('orders.cancel_order'),
        cancelText: t('orders.keep_order'),
      },
      () => call(stockOrderEndpoints.cancel, { id: order.id }, { silent: true }),
      t('orders.cancelled_toast'),
    );
  const cancelAll = () =>
    runNamed({
      read: (size) => call(stockOrderEndpoints.list, { status: 'open', page: 1, size }, { silent: true }),
      question: (named) => ({
        text: allQuestion(named, t),
        confirmText: t('orders.cancel_all'),
        cancelText: t('orders.keep_orders'),
      }),
      send: (ids) => call(stockOrderEndpoints.cancel, { all: '1', ids }, { silent: true }),
      doneText: ({ gone }) =>
        gone > 0
          ? `${t('orders.cancelled_toast')} ${t('orders.cancelled_gone', { count: gone })}`
          : t('orders.cancelled_toast'),
    });
  return { busy, cancelOne, cancelAll };
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

  const { busy, cancelOne, cancelAll } = useOrderCancel(() => void list.refresh());

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
          <Button testId="orders-cancel-all" disabled={busy} onClick={() => void cancelAll()}>
            {t('orders.cancel_all')}
          </Button>
        </div>
      )}
      <ul className="trade-list" data-testid={`orders-${view}`}>
        {list.rows.map((order) => (
          <OrderRow key={order.id} order={order} busy={busy} onCancel={(o) => void cancelOne(o)} />
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
      <TabPanel className="screen__body" idPrefix="orders" selected={view}>
        <PullToRefresh onRefresh={() => list.refresh({ keepMore: true })}>{body}</PullToRefresh>
      </TabPanel>
    </Screen>
  );
}

import '../../components/conditional/namespace';
import '../../styles/trade.css';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import type { ConditionalOrder } from '../../../domain/protocol/conditional';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney } from '../../../domain/format/number';
import {
  coinConditionalEndpoints,
  stockConditionalEndpoints,
} from '../../../domain/protocol/endpoints/conditional';
import { call } from '../../api/call';
import { marketCoinEndpoints } from '../../../domain/protocol/endpoints/market-coin';
import { useLiveData } from '../../components/content/use-live-data';
import { legWords } from '../../components/conditional/conditional-text';
import { PagedOrders } from '../../components/trade/paged-orders';
import { useConfirmedCancel } from '../../components/trade/use-confirmed-cancel';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';
import { FigureRows } from '../../components/trade/figure-rows';
import { useTranslation } from '../../i18n/hook';
import { shareCoinScales } from '../../market/coin-scales';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { prefs } from '../../state/prefs';
import { Button } from '../../components/button';
import { refusalText } from '../../services/conditional-banner';
import { useConditionalEvents } from './use-conditional-events';

type Wallet = ConditionalOrder['wallet'];
const WALLETS: readonly Wallet[] = ['stock', 'coin'];
const endpointsOf = (wallet: Wallet) =>
  wallet === 'stock' ? stockConditionalEndpoints : coinConditionalEndpoints;
// A leg's change (fired, refused, expired, cancelled) and the order it placed come on the orders
// channel: the leg changes at once, and the list is read again.
const CHANNELS = ['orders', 'balances'] as const;

/** The coin pairs' price and quantity decimals, by symbol (/coin/infos). */
type CoinScales = ReadonlyMap<string, { priceScale: number; qtyScale: number }>;
const loadCoinScales = (): Promise<CoinScales> =>
  call(marketCoinEndpoints.infos, {}, { silent: true })
    // The market worker gets the price scales too, and need not ask for them itself.
    .then((infos) => shareCoinScales(infos.list))
    .then((list) => new Map(list.map((i) => [i.symbol, { priceScale: i.priceScale, qtyScale: i.qtyScale }])));

/**
 * A coin pair's asset and cash as the list shows them (BTCUSDT: BTC, USDT), at the pair's own
 * decimals as its ticket and book show them (BTCUSDT's trigger "96.200,00", not "96.200,00000000");
 * 8 while they are not known.
 */
function unitsOf(order: ConditionalOrder, scales: CoinScales | undefined) {
  if (order.wallet === 'stock') return { asset: 'lot', cash: 'TRY', priceScale: 2, qtyScale: 0 };
  const asset = order.symbol.endsWith('USDT') ? order.symbol.slice(0, -4) : order.symbol;
  const pair = scales?.get(order.symbol);
  return { asset, cash: 'USDT', priceScale: pair?.priceScale ?? 8, qtyScale: pair?.qtyScale ?? 8 };
}

/** The rows under a conditional order's head: what fires it, what it places, what it holds and why it ended. */
function figuresOf(
  order: ConditionalOrder,
  t: TFunction<'conditional'>,
  errors: TFunction<'errors'>,
  locale: Locale,
  scales: CoinScales | undefined,
) {
  const units = unitsOf(order, scales);
  const words = legWords(
    t,
    {
      kind: order.kind,
      side: order.side,
      quantity: order.quantity,
      trigger: order.kind === 'trailing' ? null : order.trigger,
      limit: order.limit,
      trail: order.trailBy && order.trailValue ? { by: order.trailBy, value: order.trailValue } : null,
      best: order.best,
    },
    locale,
    units,
  );
  const number = (v: string, decimals: number) =>
    formatDecimal(v, locale, { decimals, minDecimals: Math.min(2, decimals) });
  const reason =
    order.state === 'refused'
      ? refusalText(order, errors, locale)
      : order.reason
        ? t(`reason.${order.reason as 'user' | 'oco' | 'demo_reset' | 'expired'}`, { defaultValue: '' })
        : '';
  return [
    { label: t('when'), value: words.when },
    { label: t('places'), value: words.places },
    ...(order.state === 'pending'
      ? [
          {
            label: t('held'),
            value:
              order.side === 'sell'
                ? // As the quantity it places reads ("0.01500 BTC"), the pair's places all shown.
                  `${formatDecimal(order.frozen, locale, { decimals: units.qtyScale })} ${units.asset}`
                : `${formatMoney(order.frozen, locale)} ${units.cash}`,
          },
        ]
      : []),
    ...(order.fired
      ? [
          {
            label: t(`state.${order.state}`),
            value: t('fired_by', {
              price: number(order.fired.price, units.priceScale),
              time: formatDateTime(order.fired.t, locale),
            }),
            testId: 'conditional-fired',
          },
        ]
      : []),
    ...(order.placedOrderId
      ? [{ label: t('places'), value: t('placed_order', { id: order.placedOrderId }) }]
      : []),
    ...(reason
      ? [
          {
            label: order.state === 'refused' ? t('refusal') : t(`state.${order.state}`),
            value: reason,
            testId: 'conditional-reason',
          },
        ]
      : []),
  ];
}

function ConditionalRow({
  order,
  scales,
  busy,
  onCancel,
}: {
  order: ConditionalOrder;
  scales: CoinScales | undefined;
  busy: boolean;
  onCancel: (order: ConditionalOrder) => void;
}) {
  const { t } = useTranslation('conditional');
  const errors = useTranslation('errors').t;
  const { lang: locale } = useSnapshot(prefs);
  const rows = figuresOf(order, t, errors, locale, scales);
  return (
    <li className="order-row" data-testid="conditional-row" data-state={order.state} data-id={order.id}>
      <div className="order-row__head">
        <span className={`side-tag side-tag--${order.side}`}>{t(`side.${order.side}`)}</span>
        <span className="order-row__symbol">{order.symbol}</span>
        <span className="order-row__name">{t(`kind.${order.kind}`)}</span>
        <span className="order-row__status" data-testid="conditional-state">
          {t(`state.${order.state}`)}
        </span>
      </div>
      <FigureRows rows={rows} />
      <p className="ticket__note">{formatDateTime(order.createdAt, locale)}</p>
      {order.state === 'pending' && (
        <Button testId="conditional-cancel" disabled={busy} onClick={() => onCancel(order)}>
          {t('cancel')}
        </Button>
      )}
    </li>
  );
}

/** Cancelling a pending conditional order after a confirmation; `done` re-reads the list. */
function useConditionalCancel(done: () => void) {
  const { t } = useTranslation('conditional');
  const { busy, run } = useConfirmedCancel(done);
  const cancel = (order: ConditionalOrder) =>
    run(
      { text: t('cancel_confirm'), confirmText: t('cancel_yes'), cancelText: t('keep') },
      () => call(endpointsOf(order.wallet).cancel, { id: order.id }),
      t('cancelled_toast'),
    );
  return { busy, cancel };
}

/** /pages/stock/conditional: the user's conditional orders, stocks and coins, and what fired them. */
export default function ConditionalScreen() {
  const { t } = useTranslation('conditional');
  const [wallet, setWallet] = useState<Wallet>('stock');
  const list = usePaged<ConditionalOrder>(`conditional|${wallet}`, (page, size) =>
    call(endpointsOf(wallet).list, { state: 'all', page, size }),
  );
  usePrivateRefetch(CHANNELS, () => void list.refresh());
  const latest = useConditionalEvents();
  const coinScales = useLiveData('coin-scales', loadCoinScales, wallet === 'coin');

  const { busy, cancel } = useConditionalCancel(() => void list.refresh());

  const body = (
    <PagedOrders
      list={list}
      empty={{
        title: t('empty'),
        body: t('empty_body'),
        label: t('go_trade'),
        testId: 'conditional-go-trade',
      }}
      moreLabel={t('view_list')}
    >
      <ul className="trade-list" data-testid={`conditional-${wallet}`}>
        {list.rows.map((order) => (
          <ConditionalRow
            key={order.id}
            order={latest(order)}
            scales={coinScales.data}
            busy={busy}
            onCancel={(o) => void cancel(o)}
          />
        ))}
      </ul>
    </PagedOrders>
  );

  return (
    <Screen className="conditional-screen">
      <Navbar title={t('title')} />
      <Tabs
        label={t('title')}
        idPrefix="conditional"
        options={WALLETS.map((value) => ({
          value,
          label: t(value === 'stock' ? 'stocks' : 'coins'),
          testId: `conditional-tab-${value}`,
        }))}
        selected={wallet}
        onSelect={setWallet}
      />
      <TabPanel className="screen__body" idPrefix="conditional" selected={wallet}>
        {body}
      </TabPanel>
    </Screen>
  );
}

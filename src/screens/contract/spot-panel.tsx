import './namespace';
import '../../styles/trade.css';
import '../../styles/contract.css';
import { AppForm } from '../../components/form/submit-button';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { Locale } from '../../../domain/format/locale';
import type { SpotPreview } from '../../../domain/protocol/order-preview';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { CoinOrderRequest, OrderSide, OrderType } from '../../../domain/protocol/trading';
import { coinRuleUnits, stepOf } from '../../../domain/rules';
import { coinBuyTotal } from '../../../domain/rules/costs';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { afterLargestPaint } from '../../components/content/after-largest-paint';
import { localizeParams } from '../../components/trade/message-params';
import { LeftoverRow, SizeModeSwitch } from '../../components/trade/buy-by-amount';
import { OrderPreviewCosts, shownPreview } from '../../components/trade/order-preview';
import { previewMoney, spotPreviewRows } from '../../components/trade/order-preview-rows';
import { useOrderPreview } from '../../components/trade/use-order-preview';
import { leftoverAfter, type CoinAmountBuy } from '../../../domain/trade/by-amount';
import { LazyConditionalForm, TicketModeSwitch, type TicketMode } from '../../components/trade/ticket-mode';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { useTopic } from '../../market/client';
import { evaluateSpot } from './spot-ticket-logic';
import { useCoinPair, type CoinPair } from './use-coin-pair';
import { useSpotSize } from './use-spot-size';
import { useSpotSend } from './use-spot-send';
import { SpotCosts, SpotSubmit, useSpotCosts } from './spot-costs';
import { SpotAvailable, SpotPriceFields, SpotSideSwitch, SpotSizeField } from './spot-fields';
import { PairHead } from './pair-head';
import { SpotConfirmSheet, SpotResultSheet } from './spot-sheets';
import { loadCoinAssets, type CoinAssets } from './spot-first-calls';

type Assets = CoinAssets;
/**
 * The pair's orders under the form, with their cancels: their own chunk, as they read and cancel
 * through declarations whose schemas (zod) the ticket's first paint should not wait for; the list
 * asks for its first page only after that paint anyway (useLiveData).
 */
let ordersLoaded = false;
const SpotOrders = lazy(() =>
  import('./spot-orders').then((module) => {
    ordersLoaded = true;
    return { default: module.SpotOrders };
  }),
);

/** Whether a largest paint is the ticket's own (its funding line, mostly), not the tab's title. */
const inTicket = (element: Element | null) => !!element?.closest('.spot-panel');

/**
 * The orders once the ticket has painted: asked for in the render that paints the ticket, their
 * chunk would be on the line before that paint. A visit after the first has them at once.
 */
function LaterOrders(props: { info: CoinInfo; epoch: number; onChange: () => void }) {
  const [shown, setShown] = useState(ordersLoaded);
  // An effect alone runs before the frame is presented, and one frame later is not always after
  // the largest paint: the chunk (and zod with it) counted toward that paint.
  useEffect(() => afterLargestPaint(() => setShown(true), inTicket), []);
  return (
    <Suspense fallback={<ListSkeleton rows={2} />}>
      {shown ? <SpotOrders {...props} /> : <ListSkeleton rows={2} />}
    </Suspense>
  );
}
const KEEP = { keep: true };

/** Asked while an order is typed: its declaration (and zod) loads then, not with the first paint. */
const loadPreview = async (request: CoinOrderRequest) => {
  const { orderPreviewEndpoints } = await import('../../../domain/protocol/endpoints/order-preview');
  return call(orderPreviewEndpoints.coin, request, { silent: true });
};

/** The rows the broker's preview shares with the ticket's own breakdown (useSpotCosts). */
const SPOT_ROW_IDS = { amount: 'spot-amount', fee: 'spot-fee', total: 'spot-total' };

/**
 * What the budget leaves, in the confirm sheet: under the preview's total, the budget less that
 * total with every decimal it has, so the two rows add up to the budget as shown; before the
 * preview, the ticket's own figure.
 */
function sheetLeftoverText(
  bought: CoinAmountBuy | null,
  shown: SpotPreview | null,
  usd: (value: string) => string,
  lang: Locale,
): string | null {
  if (!bought) return null;
  if (!shown) return usd(bought.leftover);
  return previewMoney(leftoverAfter(bought, shown.total), shown.currency, lang);
}

/** The coin spot ticket inside the Trade tab: pair, buy/sell, market/limit, fee preview, confirm, result. */
export default function SpotPanel() {
  const pair = useCoinPair({ mark: false });
  // Kept across visits with the pairs (useCoinPair) and the orders (SpotOrders): the tab opened
  // again renders the ticket in its first render and reads all three again behind it.
  const assets = useLiveData('coin-assets', loadCoinAssets, true, KEEP);
  const [side, setSide] = useState<OrderSide>(
    new URLSearchParams(useSearch()).get('side') === 'sell' ? 'sell' : 'buy',
  );
  const [type, setType] = useState<OrderType>('market');
  const size = useSpotSize(pair.info);
  const [mode, setMode] = useState<TicketMode>('order');
  const { profile } = useSnapshot(account);
  const ready = pair.infos.status === 'ready' && assets.status === 'ready';
  // Whether orders are confirmed with the trade password (once per token; a no-op when known),
  // asked once the ticket's largest paint is behind it: the call loads the user declarations'
  // schemas (zod).
  useEffect(() => (ready ? afterLargestPaint(() => void loadProfile(), inTicket) : undefined), [ready]);
  // The preview's declaration too, so the first order typed is previewed as before: asked only as
  // it was typed, the confirm could open on the ticket's own estimate before the broker's came.
  useEffect(
    () =>
      ready
        ? afterLargestPaint(() => void import('../../../domain/protocol/endpoints/order-preview'), inTicket)
        : undefined,
    [ready],
  );
  // The book, for what a market order is estimated at (the levels it would take), and a limit buy
  // (the asks below its price fill at once, as the broker's preview says).
  const walked = type === 'market' || side === 'buy';
  useTopic(pair.info && walked ? { kind: 'book', market: 'coin', symbol: pair.symbol } : null);
  useBalancesRefetch(assets.refresh);

  if (pair.infos.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (pair.infos.status === 'error')
    return <ErrorState error={pair.infos.error} onRetry={pair.infos.reload} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const info = pair.info;
  if (!info) return <ErrorState error={null} onRetry={pair.infos.reload} />;
  const settings = assets.data.spot ?? null;
  const needPassword = profile?.confirmOrdersWithTradePassword === true;
  const modeSwitch = <TicketModeSwitch value={mode} onChange={setMode} prefix="spot" />;
  if (mode === 'order')
    return (
      <SpotOrderTicket
        {...{ info, pair, side, type, size, needPassword, modeSwitch }}
        assets={assets.data}
        onSide={setSide}
        onType={setType}
        refreshAssets={assets.refresh}
      />
    );
  return (
    <section className="spot-panel" data-testid="spot-panel">
      {modeSwitch}
      <PairHead pair={pair} info={info} testId="spot" />
      <SpotSideSwitch side={side} onChange={setSide} />
      <LazyConditionalForm
        wallet="coin"
        symbol={info.symbol}
        side={side}
        last={pair.last}
        priceScale={info.priceScale}
        qtyScale={info.qtyScale}
        step={stepOf(info.qtyScale)}
        asset={info.base}
        cash={info.quote}
        buyTotal={(amount) => (settings ? coinBuyTotal(amount, settings) : null)}
        needPassword={needPassword}
      />
    </section>
  );
}

type TicketProps = {
  info: CoinInfo;
  pair: CoinPair;
  assets: Assets;
  side: OrderSide;
  onSide: (side: OrderSide) => void;
  type: OrderType;
  onType: (type: OrderType) => void;
  size: ReturnType<typeof useSpotSize>;
  needPassword: boolean;
  modeSwitch: ReactNode;
  refreshAssets: () => void;
};

/** The spot order: the form, the pair's orders under it, and its confirm and result sheets. */
function SpotOrderTicket(props: TicketProps) {
  const { info, pair, side, type, size, refreshAssets } = props;
  const { lang } = useSnapshot(prefs);
  // A filled-in ticket left after an order is one tap from a second, identical one.
  const sending = useSpotSend(() => {
    size.clear();
    refreshAssets();
  });
  const { usdt, base, settings, read, draft, state, stale, message } = useSpotOrder(props, lang);
  const costs = useSpotCosts(info, draft, state.preview, settings, lang);
  const leftover = read.byAmount && read.bought ? read.bought.leftover : null;
  const costsView = (testId: string) => <SpotCosts costs={costs} leftover={leftover} testId={testId} />;
  // The broker's own figures for the order, asked while it is typed and again as the sheet opens.
  const preview = useOrderPreview(stale ? null : state.request, loadPreview, sending.confirming);
  const sheetLeftover =
    leftover === null ? null : sheetLeftoverText(read.bought, shownPreview(preview), costs.usd, lang);

  return (
    <section className="spot-panel" data-testid="spot-panel">
      {props.modeSwitch}
      <AppForm
        className="ticket"
        onSubmit={() => {
          if (state.request && !stale) sending.open();
        }}
      >
        <PairHead pair={pair} info={info} testId="spot" showRefused onPicked={size.clear} />
        <SpotSideSwitch side={side} onChange={props.onSide} />
        <SpotPriceFields info={info} type={type} onType={props.onType} size={size} last={pair.lastNow} />
        {side === 'buy' && <SizeModeSwitch value={size.mode} onChange={size.setMode} coin />}
        <SpotSizeField
          {...{ info, size, message, lang }}
          byAmount={read.byAmount}
          bought={read.bought}
          priced={read.priced}
        />
        <SpotAvailable info={info} side={side} usdt={usdt} base={base} lang={lang} />
        {costsView('spot-costs')}
        <SpotSubmit
          side={side}
          market={type === 'market'}
          stale={stale}
          disabled={!state.request || stale || read.fieldError}
          base={info.base}
        />
      </AppForm>
      <LaterOrders info={info} epoch={sending.ordersEpoch} onChange={refreshAssets} />
      {sending.confirming && state.request && (
        <SpotConfirmSheet
          info={info}
          request={state.request}
          costs={
            <OrderPreviewCosts
              state={preview}
              rowsOf={(p, t) => spotPreviewRows(t, lang, p, info, SPOT_ROW_IDS)}
              fallback={<SpotCosts costs={costs} leftover={null} testId="spot-confirm-costs" />}
              costsTestId="spot-confirm-costs"
              testId="spot-preview"
            >
              {sheetLeftover !== null && <LeftoverRow value={sheetLeftover} coin />}
            </OrderPreviewCosts>
          }
          lang={lang}
          needPassword={props.needPassword}
          busy={sending.busy}
          error={sending.error}
          onConfirm={(pin) => state.request && void sending.send(state.request, pin)}
          onCancel={sending.cancel}
        />
      )}
      {sending.result && (
        <SpotResultSheet result={sending.result} info={info} lang={lang} onClose={sending.closeResult} />
      )}
    </section>
  );
}

/** The spot order as typed, read against the wallet and the book: its figures, request and first broken rule. */
function useSpotOrder({ info, pair, assets, side, type, size }: TicketProps, lang: Locale) {
  const { t } = useTranslation('contract');
  const usdt = assets.coin.find((row) => row.currency === info.quote)?.available ?? '0';
  const base = assets.coin.find((row) => row.currency === info.base)?.available ?? '0';
  const settings = assets.spot ?? null;
  // Nothing typed, nothing to estimate: the book and the last trade are read (and each of their
  // patches re-renders the form) only once a figure is.
  const typed = [size.qty, size.price, size.budget].some((field) => field.value !== '');
  const book = typed ? pair.book : undefined;
  const read = size.read(info, { side, type }, settings, book, lang);
  const draft = { side, type, quantity: read.quantity, price: read.price };
  const state = evaluateSpot(draft, {
    info,
    last: typed ? pair.last : null,
    book,
    settings,
    quoteAvailable: usdt,
    baseAvailable: base,
    locale: lang,
  });
  const stale = pair.feed !== 'live' && type === 'market';
  // Figures in the user's format and with their unit (the broker says the same): "en az 5 USDT".
  // A field is named by the label its rule gives it (spot-ticket-logic: "Miktar", not the stock
  // ticket's "Miktar (adet)").
  const message = state.error
    ? t(state.error.key, {
        ns: 'errors',
        ...localizeParams(state.error.params, lang, coinRuleUnits(info.base, info.quote)),
      })
    : '';
  return { usdt, base, settings, read, draft, state, stale, message };
}

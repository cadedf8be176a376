import './namespace';
import '../../styles/trade.css';
import '../../styles/contract.css';
import { AppForm } from '../../components/form/submit-button';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { CoinOrderRequest, OrderSide, OrderType } from '../../../domain/protocol/trading';
import { call } from '../../api/call';
import { PanelChunkError } from '../../components/chunks/panel-chunk-error';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { SizeModeSwitch } from '../../components/trade/buy-by-amount';
import { useOrderPreview } from '../../components/trade/use-order-preview';
import { LazyConditionalForm, TicketModeSwitch, type TicketMode } from '../../components/trade/ticket-mode';
import { account } from '../../state/account';
import { prefs } from '../../state/prefs';
import { useCoinPair } from './use-coin-pair';
import { useSpotSize } from './use-spot-size';
import { useSpotOrder, type SpotOrderInput } from './use-spot-order';
import { useSpotSend } from './use-spot-send';
import { SpotCosts, SpotSubmit, useSpotCosts } from './spot-costs';
import { SpotAvailable, SpotPriceFields, SpotSideSwitch, SpotSizeField } from './spot-fields';
import { PairHead } from './pair-head';
import { loadCoinAssets } from './spot-first-calls';
import {
  preloadSpotRules,
  retrySpotRules,
  useSpotRules,
  useSpotRulesFailed,
  wantSpotRules,
} from './use-spot-rules';
import { loadSpotLater } from './spot-later';
import { afterTicketPaint, TicketStreams, useTicketPainted } from './ticket-streams';

/**
 * The pair's orders under the form, with their cancels: their own chunk, as they read and cancel
 * through declarations whose schemas (zod) the ticket's first paint should not wait for; the list
 * asks for its first page only after that paint anyway (useLiveData).
 */
let ordersLoaded = false;
const loadOrders = () =>
  import('./spot-orders').then((module) => {
    ordersLoaded = true;
    return module;
  });
const SpotOrders = lazy(() => loadOrders().then((module) => ({ default: module.SpotOrders })));
/** Settles once the later parts have loaded the orders' chunk (or failed to: the list asks again). */
let ordersAsked: () => void = () => undefined;
const ordersWanted = new Promise<void>((resolve) => (ordersAsked = resolve));
const showOrders = () => loadOrders().finally(ordersAsked);

/**
 * The orders once the ticket has painted and zod has been evaluated (spot-later.ts): asked for in
 * the render that paints the ticket, their chunk would be on the line before that paint. A visit
 * after the first has them at once.
 */
function LaterOrders(props: { info: CoinInfo; epoch: number; onChange: () => void }) {
  const [shown, setShown] = useState(ordersLoaded);
  useEffect(() => {
    let live = true;
    void ordersWanted.then(() => live && setShown(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Suspense fallback={<ListSkeleton rows={2} />}>
      {shown ? <SpotOrders {...props} /> : <ListSkeleton rows={2} />}
    </Suspense>
  );
}
/**
 * Kept for the next visit once the ticket has painted: the kept answers' module, asked for with
 * the first answer, was a request before that paint.
 */
const KEEP = { keep: afterTicketPaint };

/** Asked while an order is typed: its declaration (and zod) loads then, not with the first paint. */
const loadPreview = async (request: CoinOrderRequest) => {
  const { orderPreviewEndpoints } = await import('../../../domain/protocol/endpoints/order-preview');
  return call(orderPreviewEndpoints.coin, request, { silent: true });
};

/**
 * What the ticket loads once its largest paint is behind it (or at the first input), a module
 * graph a task (spot-later.ts): zod; its rules (decimal.js), which its first paint, nothing
 * typed, does not need; its orders list; the preview's declaration; and whether orders are
 * confirmed with the trade password (once per token; a no-op when known).
 */
const loadLaterParts = () => void loadSpotLater(showOrders);
/** Once the ticket has painted: its streams (ticket-streams.tsx) and its later parts. */
const afterPaint = (painted: () => void) => () => {
  painted();
  loadLaterParts();
};

/** A finger, the keyboard or a filled-in figure on the form: its rules are needed now (again after a failed load). */
const WANTS_RULES = {
  onPointerDownCapture: wantSpotRules,
  onFocusCapture: wantSpotRules,
  onChangeCapture: wantSpotRules,
};

/** The coin spot ticket inside the Trade tab: pair, buy/sell, market/limit, fee preview, confirm, result. */
export default function SpotPanel() {
  const [painted, setPainted] = useTicketPainted();
  const pair = useCoinPair({ mark: false, keep: afterTicketPaint, stream: painted });
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
  const rules = useSpotRules();
  const rulesFailed = useSpotRulesFailed();
  const settled = pair.infos.status !== 'loading' && assets.status !== 'loading';
  // The ticket's render with its answers was the load's largest React task (55–70 ms on the
  // reference phone): a deferred render, which React slices into tasks of ~5 ms, the skeleton
  // kept meanwhile. Answers kept from a visit before render in the first render, as before.
  const shown = useDeferredValue(settled);
  const ready = shown && pair.infos.status === 'ready' && assets.status === 'ready';
  useEffect(() => (ready ? afterTicketPaint(afterPaint(setPainted)) : undefined), [ready, setPainted]);
  // The book, for what a market order is estimated at (the levels it would take), and a limit buy
  // (the asks below its price fill at once, as the broker's preview says).
  const walked = type === 'market' || side === 'buy';
  const book = pair.info && walked ? ({ kind: 'book', market: 'coin', symbol: pair.symbol } as const) : null;
  const streams = painted && <TicketStreams book={book} refresh={assets.refresh} />;

  if (!shown || pair.infos.status === 'loading' || assets.status === 'loading')
    return <ListSkeleton rows={5} />;
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
      <>
        {streams}
        <SpotOrderTicket
          {...{ info, pair, side, type, size, needPassword, modeSwitch, rules }}
          assets={assets.data}
          onSide={setSide}
          onType={setType}
          refreshAssets={assets.refresh}
        />
      </>
    );
  return (
    <section className="spot-panel" data-testid="spot-panel">
      {streams}
      {modeSwitch}
      <PairHead pair={pair} info={info} testId="spot" />
      <SpotSideSwitch side={side} onChange={setSide} />
      {/* The rules were asked for after the ticket's paint: the form follows them, or their retry. */}
      {rules ? (
        <LazyConditionalForm
          wallet="coin"
          symbol={info.symbol}
          side={side}
          last={pair.last}
          priceScale={info.priceScale}
          qtyScale={info.qtyScale}
          step={rules.stepOf(info.qtyScale)}
          asset={info.base}
          cash={info.quote}
          buyTotal={(amount) => (settings ? rules.coinBuyTotal(amount, settings) : null)}
          needPassword={needPassword}
        />
      ) : rulesFailed ? (
        <PanelChunkError onRetry={retrySpotRules} load={preloadSpotRules} />
      ) : (
        <ListSkeleton rows={3} />
      )}
    </section>
  );
}

type TicketProps = SpotOrderInput & {
  onSide: (side: OrderSide) => void;
  onType: (type: OrderType) => void;
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
  const costs = useSpotCosts(info, draft, state.preview, settings, lang, props.rules);
  const leftover = read.byAmount && read.bought ? read.bought.leftover : null;
  const costsView = (testId: string) => <SpotCosts costs={costs} leftover={leftover} testId={testId} />;
  // The broker's own figures for the order, asked while it is typed and again as the sheet opens.
  const preview = useOrderPreview(stale ? null : state.request, loadPreview, sending.confirming);
  // A request, a result: the rules are in (they made the request), and the sheets are theirs.
  const sheets = props.rules;

  return (
    <section className="spot-panel" data-testid="spot-panel">
      {props.modeSwitch}
      <AppForm
        className="ticket"
        onSubmit={() => {
          if (state.request && !stale) sending.open();
        }}
        {...WANTS_RULES}
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
      {sheets && sending.confirming && state.request && (
        <sheets.SpotConfirmSheet
          info={info}
          request={state.request}
          costs={
            <sheets.SpotConfirmCosts
              {...{ preview, info, lang }}
              bought={leftover === null ? null : read.bought}
              usd={costs.usd}
              fallback={<SpotCosts costs={costs} leftover={null} testId="spot-confirm-costs" />}
            />
          }
          lang={lang}
          needPassword={props.needPassword}
          busy={sending.busy}
          error={sending.error}
          onConfirm={(pin) => state.request && void sending.send(state.request, pin)}
          onCancel={sending.cancel}
        />
      )}
      {sheets && sending.result && (
        <sheets.SpotResultSheet
          result={sending.result}
          info={info}
          lang={lang}
          onClose={sending.closeResult}
        />
      )}
    </section>
  );
}

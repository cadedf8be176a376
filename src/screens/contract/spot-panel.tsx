import './namespace';
import '../../styles/trade.css';
import '../../styles/contract.css';
import Decimal from 'decimal.js';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import '../../components/conditional/namespace';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPercent, formatPrice } from '../../../domain/format/number';
import { chargeDecimals, chargeRemainderDecimals, shownBreakdown } from '../../../domain/format/addends';
import { USDT_SCALE } from '../../../domain/format/money';
import type { OrderResult, OrderSide, OrderType } from '../../../domain/protocol/trading';
import { coinRuleUnits, stepOf } from '../../../domain/rules';
import { coinBuyTotal } from '../../../domain/rules/costs';
import { addCoinOrder, getCoinAssets } from '../../api/coin-trading';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { PairHead, SideSwitch } from './pair-head';
import { stepCanonical, toInputText } from './steps';
import { Segmented } from '../../components/form/segmented';
import { newClientOrderId } from '../../api/client-order-id';
import { isFinalRefusal, RequestIntent } from '../../api/request-id';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { CostBreakdown, type FigureRow } from '../../components/trade/figure-rows';
import { FundingHint } from '../../components/trade/funding-hint';
import { localizeParams } from '../../components/trade/message-params';
import { ResultSheet, type OrderOutcome } from '../../components/trade/result-sheet';
import { Stepper } from '../../components/trade/stepper';
import { BuyByAmountFields, LeftoverRow, SizeModeSwitch } from '../../components/trade/buy-by-amount';
import { useSteadyDecimals } from '../../components/trade/use-steady-decimals';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';
import { SpotOrders } from './spot-orders';
import { evaluateSpot } from './spot-ticket-logic';
import { RefusedPairNote } from './refused-pair-note';
import { useCoinPair } from './use-coin-pair';
import { useSpotSize } from './use-spot-size';
import { paths } from '../../routes/paths';

const loadAssets = () => getCoinAssets({ silent: true });
// The conditional tab's form comes with its own chunk, when the tab is chosen.
const ConditionalForm = lazy(() => import('../../components/conditional/conditional-form'));
/** The crypto deposit screen: USDT arrives there before it can buy (SPEC: /pages/recharge/cryptoRecharge). */
const CRYPTO_DEPOSIT_PATH = paths.cryptoRecharge;

/** A working order's hold, in the wallet's decimals: the buy's quote coin, the sell's base coin. */
function heldRows(
  order: OrderResult['order'],
  lang: Locale,
  info: { base: string; quote: string; qtyScale: number },
  label: string,
): FigureRow[] {
  if (!new Decimal(order.frozen).gt(0)) return [];
  const value =
    order.side === 'buy'
      ? `${formatMoney(order.frozen, lang, {
          decimals: Math.min(USDT_SCALE, Math.max(2, new Decimal(order.frozen).decimalPlaces())),
        })} ${info.quote}`
      : `${formatDecimal(order.frozen, lang, { decimals: info.qtyScale })} ${info.base}`;
  return [{ label, value, testId: 'spot-result-held' }];
}

function outcomeOf(result: OrderResult): OrderOutcome {
  const { status } = result.order;
  if (status === 'closed') return 'filled';
  if (status === 'partial') return 'partial';
  if (status === 'open' || status === 'in_transaction') return 'resting';
  return 'cancelled';
}

/** The coin spot ticket inside the Trade tab: pair, buy/sell, market/limit, fee preview, confirm, result. */
export default function SpotPanel() {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { profile } = useSnapshot(account);
  const errorText = useErrorText();
  const pair = useCoinPair();
  const assets = useLiveData('coin-assets', loadAssets);
  const [side, setSide] = useState<OrderSide>(
    new URLSearchParams(useSearch()).get('side') === 'sell' ? 'sell' : 'buy',
  );
  const [type, setType] = useState<OrderType>('market');
  const size = useSpotSize(pair.info);
  const { qty: qtyField, price: priceField, budget: budgetField } = size;
  const [mode, setMode] = useState<'order' | 'conditional'>('order');
  const tc = useTranslation('conditional').t;
  const [confirming, setConfirming] = useState(false);
  // One id per order the user means: a retry after a lost answer resends it, even from the sheet
  // opened again with the same order, so the broker places once.
  const [clientOrderId, setClientOrderId] = useState('');
  const [orderIds] = useState(() => new RequestIntent('spot-order', newClientOrderId));
  const [busy, setBusy] = useState(false);
  // Set at once, unlike `busy`: a second send while the first is in flight is dropped.
  const inFlight = useRef(false);
  const [sendError, setSendError] = useState('');
  const [result, setResult] = useState<OrderResult | null>(null);
  const [ordersEpoch, setOrdersEpoch] = useState(0);
  const steadyDecimals = useSteadyDecimals();
  // Whether orders are confirmed with the trade password (once per token; a no-op when known).
  useEffect(() => void loadProfile(), []);
  // The book, for what a market order is estimated at (the levels it would take).
  useTopic(pair.info && type === 'market' ? { kind: 'book', market: 'coin', symbol: pair.symbol } : null);
  const { books } = useSnapshot(market);
  const { refresh: refreshAssets } = assets;
  useBalancesRefetch(refreshAssets);

  if (pair.infos.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (pair.infos.status === 'error')
    return <ErrorState error={pair.infos.error} onRetry={pair.infos.reload} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const info = pair.info;
  if (!info) return <ErrorState error={null} onRetry={pair.infos.reload} />;

  const usdt = assets.data.coin.find((row) => row.currency === info.quote)?.available ?? '0';
  const base = assets.data.coin.find((row) => row.currency === info.base)?.available ?? '0';
  const settings = assets.data.spot ?? null;
  const {
    byAmount,
    bought,
    quantity: qty,
    price,
    fieldError,
    priced,
  } = size.read(info, { side, type }, settings, books[info.symbol], lang);
  const state = evaluateSpot(
    { side, type, quantity: qty, price },
    {
      info,
      last: pair.last,
      book: books[info.symbol],
      settings,
      quoteAvailable: usdt,
      baseAvailable: base,
      locale: lang,
    },
  );
  const stale = pair.feed !== 'live' && type === 'market';
  // Figures in the user's format and with their unit (the broker says the same): "en az 5 USDT".
  const units = coinRuleUnits(info.base, info.quote);
  // A field is named by the label its rule gives it (spot-ticket-logic: "Miktar", not the stock
  // ticket's "Miktar (adet)").
  const message = state.error
    ? t(state.error.key, { ns: 'errors', ...localizeParams(state.error.params, lang, units) })
    : '';
  // Amount ± fee = total, as shown (domain/format/addends.ts): steady decimals, the fee last.
  const preview = state.preview;
  const parts =
    preview?.fee != null && preview.total != null
      ? [preview.amount, side === 'buy' ? preview.fee : new Decimal(preview.fee).negated()]
      : null;
  const places = steadyDecimals(`${info.symbol}|${side}|${type}|${price}|${qty}`, (min) =>
    parts && preview?.total != null
      ? (chargeRemainderDecimals(parts, preview.total, min, USDT_SCALE) ?? USDT_SCALE)
      : min,
  );
  const shown = parts && preview?.total != null ? shownBreakdown(parts, preview.total, places) : null;
  // With its unit, as the available row has it: a bare "0.38" fee reads as the coin's or the USDT's.
  const usd = (value: string | null | undefined) =>
    value == null ? '--' : `${formatMoney(value, lang, { decimals: places })} ${info.quote}`;
  const costRows: FigureRow[] = [
    { label: t('spot.amount'), value: usd(shown?.parts[0] ?? preview?.amount), testId: 'spot-amount' },
    {
      label: settings
        ? t('spot.fee', {
            rate: formatPercent(new Decimal(settings.feeRate).times(100), lang, {
              signed: false,
              decimals: 3,
            }),
          })
        : t('spot.fee_paid'),
      // A sale's fee is a part with its sign; the row shows what is charged.
      value: usd(shown ? new Decimal(shown.parts[1]!).abs().toFixed() : preview?.fee),
      testId: 'spot-fee',
    },
  ];
  const total = {
    label: t(side === 'buy' ? 'spot.total_buy' : 'spot.total_sell'),
    value: usd(shown?.total ?? preview?.total),
    testId: 'spot-total',
  };

  const leftover = byAmount && bought ? <LeftoverRow value={usd(bought.leftover)} coin /> : null;

  async function send(tradePassword: string | undefined) {
    if (!state.request || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setSendError('');
    try {
      const answer = await addCoinOrder({ ...state.request, clientOrderId, tradePassword }, { silent: true });
      orderIds.done();
      setConfirming(false);
      setResult(answer);
      // A filled-in ticket left after an order is one tap from a second, identical one.
      size.clear();
      refreshAssets();
      setOrdersEpoch((n) => n + 1);
    } catch (error) {
      // A refusal is the order's answer (nothing placed): the same order confirmed again is a new one.
      // Not one whose outcome is unknown (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED): it may be placed.
      if (isFinalRefusal(error)) orderIds.done();
      if (!isApiError(error) || error.kind !== 'session') setSendError(errorText(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const modeSwitch = (
    <Segmented
      label={tc('mode_label')}
      value={mode}
      onChange={setMode}
      options={[
        { value: 'order', label: tc('tab_order'), testId: 'spot-mode-order' },
        { value: 'conditional', label: tc('tab_conditional'), testId: 'spot-mode-conditional' },
      ]}
    />
  );
  if (mode === 'conditional')
    return (
      <section className="spot-panel" data-testid="spot-panel">
        {modeSwitch}
        <PairHead
          infos={pair.choices}
          symbol={pair.symbol}
          onSymbol={pair.setSymbol}
          priceScale={info.priceScale}
          last={pair.last}
          testId="spot"
        />
        <SideSwitch<OrderSide>
          label={t('spot.side_label')}
          value={side}
          onChange={setSide}
          options={[
            { value: 'buy', label: t('spot.buy'), testId: 'spot-side-buy' },
            { value: 'sell', label: t('spot.sell'), testId: 'spot-side-sell' },
          ]}
        />
        <Suspense fallback={<ListSkeleton rows={4} />}>
          <ConditionalForm
            key={info.symbol}
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
            needPassword={profile?.confirmOrdersWithTradePassword === true}
          />
        </Suspense>
      </section>
    );

  return (
    <section className="spot-panel" data-testid="spot-panel">
      {modeSwitch}
      <form
        className="ticket"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!state.request || stale) return;
          setClientOrderId(orderIds.idFor(state.request));
          setConfirming(true);
        }}
      >
        <PairHead
          infos={pair.choices}
          symbol={pair.symbol}
          onSymbol={(symbol) => {
            pair.setSymbol(symbol);
            size.clear();
          }}
          priceScale={info.priceScale}
          last={pair.last}
          testId="spot"
        />
        {pair.refused && <RefusedPairNote refused={pair.refused} shown={info} testId="spot-refused" />}
        <SideSwitch<OrderSide>
          label={t('spot.side_label')}
          value={side}
          onChange={setSide}
          options={[
            { value: 'buy', label: t('spot.buy'), testId: 'spot-side-buy' },
            { value: 'sell', label: t('spot.sell'), testId: 'spot-side-sell' },
          ]}
        />
        <Segmented<OrderType>
          label={t('spot.type_label')}
          value={type}
          onChange={(next) => {
            setType(next);
            // A limit price starts at the last trade, as the stock ticket's does: it started
            // empty here, and a user stepping it went from nothing.
            if (next === 'limit' && price === '' && pair.last !== null)
              priceField.set(toInputText(pair.last, info.priceScale, 'en-US'));
          }}
          options={[
            { value: 'market', label: t('spot.market'), testId: 'spot-type-market' },
            { value: 'limit', label: t('spot.limit'), testId: 'spot-type-limit' },
          ]}
        />
        {type === 'limit' ? (
          <Stepper
            field={priceField}
            label={`${t('spot.price')} (${info.quote})`}
            onStep={(direction) =>
              priceField.set(
                stepCanonical(
                  priceField.value,
                  stepOf(info.priceScale),
                  info.priceScale,
                  direction,
                  pair.last,
                ),
              )
            }
            decreaseLabel={t('step_down')}
            increaseLabel={t('step_up')}
            testId="spot-price"
          />
        ) : (
          <p className="ticket__row">
            <span>{t('spot.price')}</span>
            <span>{t('spot.at_market')}</span>
          </p>
        )}
        {side === 'buy' && <SizeModeSwitch value={size.mode} onChange={size.setMode} coin />}
        {byAmount ? (
          <BuyByAmountFields
            field={budgetField}
            unit={info.quote}
            coin
            figures={
              bought && {
                quantity: `${formatDecimal(bought.quantity, lang, { decimals: info.qtyScale })} ${info.base}`,
              }
            }
            priced={priced}
          />
        ) : (
          <Stepper
            field={qtyField}
            label={`${t('spot.quantity')} (${info.base})`}
            onStep={(direction) =>
              qtyField.set(stepCanonical(qtyField.value, info.minQty, info.qtyScale, direction))
            }
            decreaseLabel={t('step_down')}
            increaseLabel={t('step_up')}
            error={qty.trim() !== '' ? message || undefined : undefined}
            testId="spot-qty"
          />
        )}
        {byAmount && bought && message && (
          <p className="ticket__error" role="alert" data-testid="spot-error">
            {message}
          </p>
        )}
        <p className="ticket__row">
          <span>{t('available')}</span>
          <span className="num" data-testid="spot-available">
            {side === 'buy'
              ? `${formatMoney(usdt, lang)} ${info.quote}`
              : `${formatDecimal(base, lang, { decimals: info.qtyScale })} ${info.base}`}
          </span>
        </p>
        {/* No USDT to buy with: where it comes in (the crypto deposit), not a dead ticket. */}
        {side === 'buy' && new Decimal(usdt).lte(0) && (
          <FundingHint
            text={t('no_usdt_spot')}
            href={CRYPTO_DEPOSIT_PATH}
            label={t('deposit_usdt')}
            testId="spot-no-usdt"
          />
        )}
        <CostBreakdown
          title={t('sheet.costs', { ns: 'trade' })}
          rows={costRows}
          total={total}
          testId="spot-costs"
        />
        {leftover}
        {type === 'market' && <p className="hint">{t('spot.estimated')}</p>}
        {stale && (
          <p className="ticket__reason" role="status" data-testid="spot-stale">
            {t('spot.reason_stale')}
          </p>
        )}
        <button
          type="submit"
          className={`button ticket__submit ticket__submit--${side}`}
          disabled={!state.request || stale || fieldError}
          data-testid="spot-submit"
        >
          {t(side === 'buy' ? 'spot.submit_buy' : 'spot.submit_sell', { base: info.base })}
        </button>
      </form>
      <SpotOrders
        symbol={pair.symbol}
        priceScale={info.priceScale}
        qtyScale={info.qtyScale}
        base={info.base}
        quote={info.quote}
        epoch={ordersEpoch}
        onChange={refreshAssets}
      />
      {confirming && state.request && (
        <ConfirmSheet
          title={t('spot.confirm_title')}
          rows={[
            { label: t('pair'), value: `${info.base}/${info.quote}` },
            { label: t('spot.side_label'), value: t(side === 'buy' ? 'spot.buy' : 'spot.sell') },
            { label: t('spot.type_label'), value: t(type === 'market' ? 'spot.market' : 'spot.limit') },
            {
              label: t('spot.quantity'),
              value: `${formatDecimal(state.request.quantity, lang, { decimals: info.qtyScale })} ${info.base}`,
            },
            {
              label: t('spot.price'),
              value: state.request.price
                ? formatPrice(state.request.price, lang, info.priceScale)
                : t('spot.at_market'),
            },
          ]}
          costs={
            <>
              <CostBreakdown
                title={t('sheet.costs', { ns: 'trade' })}
                rows={costRows}
                total={total}
                testId="spot-confirm-costs"
              />
              {leftover}
            </>
          }
          needPassword={profile?.confirmOrdersWithTradePassword ?? false}
          tone={side}
          confirmLabel={t('spot.confirm')}
          busy={busy}
          error={sendError}
          onConfirm={(pin) => void send(pin)}
          onCancel={() => {
            setConfirming(false);
            setSendError('');
          }}
          testId="spot-confirm"
        />
      )}
      {result && (
        <ResultSheet
          outcome={outcomeOf(result)}
          rows={[
            {
              label: t('spot.filled_qty'),
              value: `${formatDecimal(result.order.filledQty, lang, { decimals: info.qtyScale })} ${info.base}`,
            },
            {
              label: t('spot.avg_price'),
              value: result.order.avgPrice ? formatPrice(result.order.avgPrice, lang, info.priceScale) : '--',
            },
            {
              label: t('spot.fee_paid'),
              // The fee is charged in the quote currency (server/trading/spot/booking.ts), buying or selling.
              value: `${formatMoney(result.order.fees, lang, { decimals: chargeDecimals(result.order.fees) })} ${info.quote}`,
            },
            // Resting: its 0 filled and 0 fee read as nothing committed; say what it holds.
            ...(outcomeOf(result) === 'resting' || outcomeOf(result) === 'partial'
              ? heldRows(result.order, lang, info, t('spot.held'))
              : []),
          ]}
          onClose={() => setResult(null)}
          testId="spot-result"
        />
      )}
    </section>
  );
}

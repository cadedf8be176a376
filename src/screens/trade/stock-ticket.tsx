import { useSnapshot } from 'valtio';
import Decimal from 'decimal.js';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { formatTry } from '../../../domain/format/number';
import type { StockInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType, TimeInForce } from '../../../domain/protocol/trading';
import { stockBuyTotal } from '../../../domain/rules/costs';
import { stockBand } from '../../../domain/rules/stock';
import { ListSkeleton } from '../../components/content/state-views';
import { BuyByAmountFields, LeftoverRow, SizeModeSwitch } from '../../components/trade/buy-by-amount';
import { CostBreakdown } from '../../components/trade/figure-rows';
import { Stepper } from '../../components/trade/stepper';
import { LazyConditionalForm, TicketModeSwitch, type TicketMode } from '../../components/trade/ticket-mode';
import { leftoverAfter, type StockAmountBuy } from '../../../domain/trade/by-amount';
import { ruleInstrument, stepLots, wholeLots } from './ticket-logic';
import { TicketSubmit } from './ticket-submit';
import {
  SellAllButton,
  StockAccountRows,
  StockPriceField,
  StockSideSwitch,
  StockNotes,
  StockTicketNotices,
  StockTypeSwitch,
  TifSwitch,
  useShares,
} from './stock-ticket-parts';
import { useStockOrder } from './use-stock-order';
import type { useTicketData } from './use-ticket-data';
import { prefs } from '../../state/prefs';

type Data = ReturnType<typeof useTicketData>;

/** The ticket's form for one stock whose facts have loaded: an order, or a conditional one. */
export function StockTicketForm({
  info,
  data,
  initialSide,
}: {
  info: StockInfo;
  data: Data;
  initialSide: OrderSide;
}) {
  const [side, setSide] = useState<OrderSide>(initialSide);
  const [mode, setMode] = useState<TicketMode>('order');
  const hold = data.hold.status === 'ready' ? data.hold.data : null;
  const modeSwitch = <TicketModeSwitch value={mode} onChange={setMode} prefix="ticket" />;
  if (mode === 'order')
    return <StockOrderForm info={info} data={data} side={side} onSide={setSide} modeSwitch={modeSwitch} />;
  return (
    <div className="ticket" data-testid="stock-ticket">
      {modeSwitch}
      <StockSideSwitch side={side} onChange={setSide} />
      <LazyConditionalForm
        wallet="stock"
        symbol={info.symbol}
        side={side}
        last={data.last}
        priceScale={info.priceScale}
        qtyScale={0}
        step={String(info.lot)}
        asset="lot"
        cash="TRY"
        buyTotal={(amount) => (hold?.costs ? stockBuyTotal(amount, hold.costs) : null)}
        needPassword={data.needPassword}
        band={stockBand(ruleInstrument(info), info.prevClose)}
      />
    </div>
  );
}

/** The stock order: side, type, price, size, the account's figures, costs and the button in reach. */
function StockOrderForm({
  info,
  data,
  side,
  onSide,
  modeSwitch,
}: {
  info: StockInfo;
  data: Data;
  side: OrderSide;
  onSide: (side: OrderSide) => void;
  modeSwitch: ReactNode;
}) {
  const { lang: locale } = useSnapshot(prefs);
  const [type, setType] = useState<OrderType>('limit');
  const [tif, setTif] = useState<TimeInForce>('day');
  const order = useStockOrder(info, data, { side, type }, locale);
  const { size, hold, quantity, price, preview, bought } = order;
  const money = (value: string | null | undefined) => formatTry(value, locale);
  const shares = useShares(locale);
  const costs = <StockCosts preview={preview} side={side} money={money} />;
  const leftover = order.byAmount && bought ? budgetLeftover(bought, money) : null;
  const all = side === 'sell' && hold ? wholeLots(hold.sellable, info.lot) : null;

  return (
    <div className="ticket" data-testid="stock-ticket">
      {modeSwitch}
      <StockSideSwitch side={side} onChange={onSide} />
      <StockTypeSwitch type={type} onChange={setType} block={order.block} />
      {side === 'buy' && <SizeModeSwitch value={size.mode} onChange={size.setMode} />}
      <StockPriceField
        type={type}
        field={size.price}
        price={price}
        band={order.band}
        last={data.last}
        estimate={order.estimate}
        locale={locale}
      />
      <StockSizeField order={order} lot={info.lot} shares={shares} />
      {all !== null && <SellAllButton all={all} quantity={quantity} onPick={size.qty.set} locale={locale} />}
      {type === 'limit' && <TifSwitch value={tif} onChange={setTif} />}
      <StockAccountRows hold={hold} money={money} shares={shares} />
      {costs}
      {leftover?.(null)}
      <StockNotes market={type === 'market'} t1={info.t1 === true} />
      {/* Why not, and the button, stay in thumb reach however long the ticket is (DESIGN.md). */}
      <div className="ticket__bar">
        <StockTicketNotices
          listingAt={info.listingAt}
          listed={order.listed}
          noCash={order.noCash}
          error={order.shownError}
          locale={locale}
        />
        <TicketSubmit
          info={info}
          draft={{ side, type, tif, quantity, price }}
          disabled={order.disabled}
          needPassword={data.needPassword}
          breakdown={costs}
          leftover={leftover}
          onPlaced={() => clearPlaced(size, data)}
          estimate={preview.price}
        />
      </div>
    </div>
  );
}

/** After an order: a filled-in ticket left is one tap from a second, identical one. */
function clearPlaced(size: ReturnType<typeof useStockOrder>['size'], data: Data): void {
  size.qty.set('');
  size.budget.set('');
  data.refreshHold();
}

/**
 * What the budget leaves under the total the sheet shows: under the preview's (walked through the
 * book) it is the budget less that total, so the two rows add up to the budget typed.
 */
function budgetLeftover(bought: StockAmountBuy, money: (value: string) => string) {
  return (total: string | null) => (
    <LeftoverRow value={money(total === null ? bought.leftover : leftoverAfter(bought, total))} />
  );
}

/** The size: whole lots stepped by the lot, or the lira to spend and the shares it buys. */
function StockSizeField({
  order,
  lot,
  shares,
}: {
  order: ReturnType<typeof useStockOrder>;
  lot: number;
  shares: (value: string | undefined) => string;
}) {
  const { t } = useTranslation('trade');
  const { size, quantity, bought } = order;
  if (order.byAmount)
    return (
      <BuyByAmountFields
        field={size.budget}
        unit="₺"
        figures={bought && { quantity: shares(bought.quantity), thin: bought.thin }}
        priced={order.priced}
      />
    );
  return (
    <Stepper
      field={size.qty}
      label={t('ticket.quantity')}
      onStep={(direction) => size.qty.set(stepLots(quantity, direction, lot))}
      canDecrease={quantity !== null && new Decimal(quantity).gt(lot)}
      decreaseLabel={t('ticket.decrease_qty')}
      increaseLabel={t('ticket.increase_qty')}
      testId="ticket-qty"
    />
  );
}

/** Amount, commission, BSMV, exchange fee and the total (what a budget leaves over goes under it). */
function StockCosts({
  preview,
  side,
  money,
}: {
  preview: ReturnType<typeof useStockOrder>['preview'];
  side: OrderSide;
  money: (value: string | null | undefined) => string;
}) {
  const { t } = useTranslation('trade');
  const costs = preview.costs;
  const rows = [
    { label: t('ticket.amount'), value: money(preview.amount), testId: 'cost-amount' },
    { label: t('ticket.commission'), value: money(costs?.commission), testId: 'cost-commission' },
    { label: t('ticket.bsmv'), value: money(costs?.bsmv), testId: 'cost-bsmv' },
    { label: t('ticket.exchange_fee'), value: money(costs?.exchangeFee), testId: 'cost-exchange-fee' },
  ];
  const total = {
    label: t(side === 'buy' ? 'ticket.total_buy' : 'ticket.total_sell'),
    value: money(preview.total),
    testId: 'cost-total',
  };
  return <CostBreakdown title={t('sheet.costs')} rows={rows} total={total} />;
}

export function TicketSkeleton() {
  return <ListSkeleton rows={5} />;
}

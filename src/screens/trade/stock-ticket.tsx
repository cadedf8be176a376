import Decimal from 'decimal.js';
import { lazy, Suspense, useMemo, useState } from 'react';
import '../../components/conditional/namespace';
import { useTranslation } from '../../i18n-hook';
import { formatDateTime } from '../../../domain/format/date';
import { formatDecimal, formatMoney, formatPrice } from '../../../domain/format/number';
import type { StockInfo } from '../../../domain/protocol/market';
import type { HoldInfo, OrderSide, OrderType, TimeInForce } from '../../../domain/protocol/trading';
import { marketEstimate } from '../../../domain/market/market-estimate';
import { stockBuyTotal } from '../../../domain/rules/costs';
import { isListed, NOT_SCHEDULED } from '../../../domain/rules/tradable';
import { ListSkeleton } from '../../components/content/state-views';
import { useNow } from '../../components/content/use-now';
import { Segmented } from '../../components/form/segmented';
import { BuyByAmountFields, LeftoverRow, SizeModeSwitch } from '../../components/trade/buy-by-amount';
import { CostBreakdown, FigureRows } from '../../components/trade/figure-rows';
import { FundingHint } from '../../components/trade/funding-hint';
import { Stepper } from '../../components/trade/stepper';
import { useLocale } from './use-locale';
import {
  bandOf,
  checkTicket,
  marketOrderBlock,
  sessionClosed,
  previewOrder,
  startPrice,
  stepLots,
  wholeLots,
  stepPrice,
} from './ticket-logic';
import { useRuleText } from './rule-text';
import { TicketSubmit } from './ticket-submit';
import { priceText, useStockSize } from './use-stock-size';
import type { useTicketData } from './use-ticket-data';
import { paths } from '../../routes/paths';

// The conditional tab's form comes with its own chunk, when the tab is chosen.
const ConditionalForm = lazy(() => import('../../components/conditional/conditional-form'));

/** The deposit hub: the ways money comes into the stock account (SPEC: the drawer's deposit button). */
const DEPOSIT_PATH = paths.recharge;

type Data = ReturnType<typeof useTicketData>;

/** The ticket's form for one stock whose facts have loaded. */
export function StockTicketForm({
  info,
  data,
  initialSide,
}: {
  info: StockInfo;
  data: Data;
  initialSide: OrderSide;
}) {
  const { t } = useTranslation('trade');
  const locale = useLocale();
  const ruleText = useRuleText();
  const [side, setSide] = useState<OrderSide>(initialSide);
  const [mode, setMode] = useState<'order' | 'conditional'>('order');
  const tc = useTranslation('conditional').t;
  const [type, setType] = useState<OrderType>('limit');
  const [tif, setTif] = useState<TimeInForce>('day');
  const band = bandOf(info);
  const size = useStockSize(info.lot, startPrice(data.last, band));
  const { qty: qtyField, price: priceField, budget: budgetField } = size;

  // An IPO's stock before its listing date takes no orders (the broker answers NOT_TRADABLE).
  const [openedAt] = useState(Date.now);
  const listed = isListed(info.listingAt, openedAt);
  const hold: HoldInfo | null = data.hold.status === 'ready' ? data.hold.data : null;
  const { price, quantity, byAmount, bought, priced } = size.read({ side, type }, hold?.costs, data.levels);
  // Re-read each second while a market order is being made, so the session's opening turns it
  // on without leaving the ticket.
  const now = useNow(type === 'market');
  const block = marketOrderBlock(data.feed, data.book, sessionClosed(info.status, now));
  const estimate = marketEstimate(side, quantity, data.levels, data.last);
  const preview = bought
    ? { price: type === 'limit' ? price : estimate, ...bought }
    : previewOrder(side, type, quantity, price, estimate, hold?.costs);
  const holding = hold?.holding ?? null;
  // Buying only: its text says deposit to buy, which is no help to a sale of shares not held.
  const noCash = hold !== null && side === 'buy' && new Decimal(hold.cashAvailable).lte(0);
  const facts = hold
    ? {
        cashAvailable: hold.cashAvailable,
        free: holding ? new Decimal(holding.sellable).plus(holding.locked).toFixed() : '0',
        locked: holding?.locked ?? '0',
      }
    : null;
  const draft = {
    side,
    type,
    quantity: quantity ?? '0',
    price: type === 'limit' ? (price ?? '') : undefined,
  };
  const ruleError = useMemo(
    () =>
      // An empty quantity is a form not filled in yet (as after an order clears it): the button
      // waits for it, and no error is shown for what the user has not typed. What cannot be a
      // number at all the fields refuse as it is typed, in the amount rule's words.
      quantity === null ? null : checkTicket(info, draft, data.last, hold?.limits, facts, preview),
    // draft, facts and preview are rebuilt each render from the values listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [info, side, type, quantity, price, data.last, hold, preview.total, locale],
  );
  const marketBlocked = type === 'market' && block !== null;
  const fieldError = size.fieldError;
  const shownError = fieldError ? null : ruleError;

  const money = (value: string | null | undefined) => formatMoney(value, locale, { currency: 'TRY' });
  const costs = preview.costs;
  const costRows = [
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
  const breakdown = (
    <>
      <CostBreakdown title={t('sheet.costs')} rows={costRows} total={total} />
      {byAmount && bought && <LeftoverRow value={money(bought.leftover)} />}
    </>
  );
  const shares = (value: string | undefined) =>
    value === undefined ? '--' : t('ticket.shares', { qty: formatDecimal(value, locale, { decimals: 0 }) });
  // Selling out of a holding is the common sell (Portföy's "Sat" opens here): one tap for all of
  // what can be sold now, in whole lots, rather than stepping up from one lot.
  const all = side === 'sell' && hold ? wholeLots(hold.sellable, info.lot) : null;

  const sides = (
    <div className={`ticket__sides ticket__sides--${side}`}>
      <Segmented
        label={t('ticket.side_label')}
        value={side}
        onChange={setSide}
        options={[
          { value: 'buy', label: t('side.buy'), testId: 'ticket-side-buy' },
          { value: 'sell', label: t('side.sell'), testId: 'ticket-side-sell' },
        ]}
      />
    </div>
  );
  const modeSwitch = (
    <Segmented
      label={tc('mode_label')}
      value={mode}
      onChange={setMode}
      options={[
        { value: 'order', label: tc('tab_order'), testId: 'ticket-mode-order' },
        { value: 'conditional', label: tc('tab_conditional'), testId: 'ticket-mode-conditional' },
      ]}
    />
  );
  if (mode === 'conditional')
    return (
      <div className="ticket" data-testid="stock-ticket">
        {modeSwitch}
        {sides}
        <Suspense fallback={<ListSkeleton rows={4} />}>
          <ConditionalForm
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
          />
        </Suspense>
      </div>
    );

  return (
    <div className="ticket" data-testid="stock-ticket">
      {modeSwitch}
      <div className={`ticket__sides ticket__sides--${side}`}>
        <Segmented
          label={t('ticket.side_label')}
          value={side}
          onChange={setSide}
          options={[
            { value: 'buy', label: t('side.buy'), testId: 'ticket-side-buy' },
            { value: 'sell', label: t('side.sell'), testId: 'ticket-side-sell' },
          ]}
        />
      </div>
      <Segmented
        label={t('ticket.type_label')}
        value={type}
        onChange={setType}
        options={[
          { value: 'limit', label: t('type.limit'), testId: 'ticket-type-limit' },
          { value: 'market', label: t('type.market'), testId: 'ticket-type-market' },
        ]}
      />
      {type === 'market' && block !== null && (
        <p className="ticket__notice" role="status" data-testid="market-blocked">
          {t(block)}
        </p>
      )}
      {side === 'buy' && <SizeModeSwitch value={size.mode} onChange={size.setMode} />}
      {type === 'limit' ? (
        <Stepper
          field={priceField}
          label={t('ticket.price')}
          onStep={(direction) => {
            const next = stepPrice(price, direction, band, data.last);
            if (next !== null) priceField.set(priceText(next));
          }}
          decreaseLabel={t('ticket.decrease_price')}
          increaseLabel={t('ticket.increase_price')}
          testId="ticket-price"
          hint={
            band
              ? t('ticket.band', {
                  lower: formatPrice(band.lower, locale, 2),
                  upper: formatPrice(band.upper, locale, 2),
                })
              : undefined
          }
        />
      ) : (
        <FigureRows
          rows={[
            {
              label: t('ticket.price_market'),
              value: estimate === null ? '--' : `≈ ${formatPrice(estimate, locale, 2)}`,
              testId: 'ticket-market-price',
            },
          ]}
        />
      )}
      {byAmount ? (
        <BuyByAmountFields
          field={budgetField}
          unit="₺"
          figures={bought && { quantity: shares(bought.quantity) }}
          priced={priced}
        />
      ) : (
        <Stepper
          field={qtyField}
          label={t('ticket.quantity')}
          onStep={(direction) => qtyField.set(stepLots(quantity, direction, info.lot))}
          canDecrease={quantity !== null && new Decimal(quantity).gt(info.lot)}
          decreaseLabel={t('ticket.decrease_qty')}
          increaseLabel={t('ticket.increase_qty')}
          testId="ticket-qty"
        />
      )}
      {all !== null && (
        <div className="ticket__quick">
          <button
            type="button"
            className="ticket__quick-button"
            data-testid="ticket-qty-all"
            aria-pressed={quantity !== null && new Decimal(quantity).eq(all)}
            onClick={() => qtyField.set(all)}
          >
            {t('ticket.sell_all', { count: Number(all), qty: formatDecimal(all, locale, { decimals: 0 }) })}
          </button>
        </div>
      )}
      {type === 'limit' && (
        <Segmented
          label={t('ticket.tif_label')}
          value={tif}
          onChange={setTif}
          options={[
            { value: 'day', label: t('tif.day'), testId: 'ticket-tif-day' },
            { value: 'gtc', label: t('tif.gtc'), testId: 'ticket-tif-gtc' },
          ]}
        />
      )}
      {hold ? (
        <FigureRows
          testId="ticket-account"
          rows={[
            { label: t('ticket.cash'), value: money(hold.cashAvailable), testId: 'ticket-cash' },
            { label: t('ticket.sellable'), value: shares(hold.sellable), testId: 'ticket-sellable' },
            ...(holding && new Decimal(holding.locked).gt(0)
              ? [{ label: t('ticket.locked'), value: shares(holding.locked), testId: 'ticket-locked' }]
              : []),
            // Put up in open sell orders: not sellable again until those are cancelled.
            ...(holding && new Decimal(holding.frozen).gt(0)
              ? [{ label: t('ticket.in_orders'), value: shares(holding.frozen), testId: 'ticket-in-orders' }]
              : []),
          ]}
        />
      ) : (
        <ListSkeleton rows={1} />
      )}
      {breakdown}
      {type === 'market' && <p className="ticket__note">{t('ticket.estimate_note')}</p>}
      {info.t1 && (
        <p className="ticket__note" data-testid="ticket-t1">
          {t('ticket.t1_note')}
        </p>
      )}
      {/* Why not, and the button, stay in thumb reach however long the ticket is (DESIGN.md). */}
      <div className="ticket__bar">
        {!listed && info.listingAt !== undefined && (
          <p className="ticket__error" role="status" data-testid="ticket-not-listed">
            {info.listingAt >= NOT_SCHEDULED
              ? t('ticket.not_scheduled')
              : t('ticket.not_listed', { date: formatDateTime(info.listingAt, locale) })}
          </p>
        )}
        {/* No cash to buy with: where money comes in, in place of a bare
            "insufficient balance" — in thumb reach, where that would have been said. */}
        {noCash && (
          <FundingHint
            text={t('ticket.no_cash')}
            href={DEPOSIT_PATH}
            label={t('ticket.deposit')}
            testId="ticket-no-cash"
          />
        )}
        {shownError && !(noCash && shownError.key === 'INSUFFICIENT_BALANCE') && (
          <p className="ticket__error" role="alert" data-testid="ticket-error" data-key={shownError.key}>
            {ruleText(shownError)}
          </p>
        )}
        <TicketSubmit
          info={info}
          side={side}
          type={type}
          tif={tif}
          quantity={quantity}
          price={price}
          disabled={
            !listed || ruleError !== null || fieldError || marketBlocked || quantity === null || hold === null
          }
          needPassword={data.needPassword}
          breakdown={breakdown}
          onPlaced={() => {
            // A filled-in ticket left after an order is one tap from a second, identical one.
            qtyField.set('');
            budgetField.set('');
            data.refreshHold();
          }}
          estimate={preview.price}
        />
      </div>
    </div>
  );
}

export function TicketSkeleton() {
  return <ListSkeleton rows={5} />;
}

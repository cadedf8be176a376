import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { formatDateTime } from '../../../domain/format/date';
import { formatDecimal, formatPrice } from '../../../domain/format/number';
import type { HoldInfo, OrderSide, OrderType, TimeInForce } from '../../../domain/protocol/trading';
import type { RuleError } from '../../../domain/rules/types';
import { NOT_SCHEDULED } from '../../../domain/rules/tradable';
import { ListSkeleton } from '../../components/content/state-views';
import type { TypedAmountState } from '../../components/form/use-typed-amount';
import { Segmented } from '../../components/form/segmented';
import { FigureRows } from '../../components/trade/figure-rows';
import { FundingHint } from '../../components/trade/funding-hint';
import { Stepper } from '../../components/trade/stepper';
import { paths } from '../../paths/paths';
import type { Locale } from '../../../domain/format/locale';
import { stepPrice, type Band, type MarketBlock } from './ticket-logic';
import { useRuleText } from './rule-text';
import { priceText } from './use-stock-size';
import { quantityShare } from '../../../domain/trade/quantity-share';

/** Shares as the ticket counts them: "120 adet", "--" while unknown. */
export function useShares(locale: Locale) {
  const { t } = useTranslation('trade');
  return (value: string | undefined) =>
    value === undefined ? '--' : t('ticket.shares', { qty: formatDecimal(value, locale, { decimals: 0 }) });
}

export function StockSideSwitch({
  side,
  onChange,
}: {
  side: OrderSide;
  onChange: (side: OrderSide) => void;
}) {
  const { t } = useTranslation('trade');
  return (
    <div className={`ticket__sides ticket__sides--${side}`}>
      <Segmented
        label={t('ticket.side_label')}
        value={side}
        onChange={onChange}
        options={[
          { value: 'buy', label: t('side.buy'), testId: 'ticket-side-buy' },
          { value: 'sell', label: t('side.sell'), testId: 'ticket-side-sell' },
        ]}
      />
    </div>
  );
}

/** Limit or market; why market orders are off right now, said under the switch. */
export function StockTypeSwitch({
  type,
  onChange,
  block,
}: {
  type: OrderType;
  onChange: (type: OrderType) => void;
  block: MarketBlock | null;
}) {
  const { t } = useTranslation('trade');
  return (
    <>
      <Segmented
        label={t('ticket.type_label')}
        value={type}
        onChange={onChange}
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
    </>
  );
}

/** How long a limit order waits: the day's session, or until cancelled. */
export function TifSwitch({ value, onChange }: { value: TimeInForce; onChange: (tif: TimeInForce) => void }) {
  const { t } = useTranslation('trade');
  return (
    <Segmented
      label={t('ticket.tif_label')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'day', label: t('tif.day'), testId: 'ticket-tif-day' },
        { value: 'gtc', label: t('tif.gtc'), testId: 'ticket-tif-gtc' },
      ]}
    />
  );
}

/** A limit order's price, stepped in ticks inside the day's band; a market order's estimate. */
export function StockPriceField({
  type,
  field,
  price,
  band,
  last,
  estimate,
  locale,
}: {
  type: OrderType;
  field: TypedAmountState;
  price: string | null;
  band: Band;
  last: string | null;
  estimate: string | null;
  locale: Locale;
}) {
  const { t } = useTranslation('trade');
  if (type === 'market')
    return (
      <FigureRows
        rows={[
          {
            label: t('ticket.price_market'),
            value: estimate === null ? '--' : `≈ ${formatPrice(estimate, locale, 2)}`,
            testId: 'ticket-market-price',
          },
        ]}
      />
    );
  return (
    <Stepper
      field={field}
      label={t('ticket.price')}
      onStep={(direction) => {
        const next = stepPrice(price, direction, band, last);
        if (next !== null) field.set(priceText(next));
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
  );
}

/**
 * Selling out of a holding is the common sell (Portföy's "Sat" opens here): one tap for all of
 * what can be sold now, in whole lots, rather than stepping up from one lot; or for a quarter, a
 * half or three quarters of it, rounded down to whole shares (none offered that rounds to nothing).
 */
export function SellAllButton({
  all,
  quantity,
  onPick,
  locale,
}: {
  all: string;
  quantity: string | null;
  onPick: (quantity: string) => void;
  locale: Locale;
}) {
  const { t } = useTranslation('trade');
  const parts = [25, 50, 75].flatMap((percent) => {
    const part = quantityShare(all, percent, 0);
    return part ? [{ percent, qty: part.toFixed() }] : [];
  });
  return (
    <div className="ticket__quick">
      {parts.map(({ percent, qty }) => (
        <button
          key={percent}
          type="button"
          className="ticket__quick-button"
          data-testid={`ticket-qty-${percent}`}
          aria-pressed={quantity !== null && new Decimal(quantity).eq(qty)}
          aria-label={t('ticket.sell_share_label', {
            value: percent,
            count: Number(qty),
            qty: formatDecimal(qty, locale, { decimals: 0 }),
          })}
          onClick={() => onPick(qty)}
        >
          {t('ticket.sell_share', { value: percent })}
        </button>
      ))}
      <button
        type="button"
        className="ticket__quick-button"
        data-testid="ticket-qty-all"
        aria-pressed={quantity !== null && new Decimal(quantity).eq(all)}
        onClick={() => onPick(all)}
      >
        {t('ticket.sell_all', { count: Number(all), qty: formatDecimal(all, locale, { decimals: 0 }) })}
      </button>
    </div>
  );
}

/** The account's side of the order: cash to buy with, shares to sell, and what is held back. */
export function StockAccountRows({
  hold,
  money,
  shares,
}: {
  hold: HoldInfo | null;
  money: (value: string | null | undefined) => string;
  shares: (value: string | undefined) => string;
}) {
  const { t } = useTranslation('trade');
  if (!hold) return <ListSkeleton rows={1} />;
  const holding = hold.holding ?? null;
  return (
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
  );
}

/** A market order's figures are estimates; a T+1 stock settles the next day. */
export function StockNotes({ market, t1 }: { market: boolean; t1: boolean }) {
  const { t } = useTranslation('trade');
  return (
    <>
      {market && <p className="ticket__note">{t('ticket.estimate_note')}</p>}
      {t1 && (
        <p className="ticket__note" data-testid="ticket-t1">
          {t('ticket.t1_note')}
        </p>
      )}
    </>
  );
}

/** Why the order cannot go, said above the button: not listed yet, no cash, or the broken rule. */
export function StockTicketNotices({
  listingAt,
  listed,
  noCash,
  error,
  locale,
}: {
  listingAt: number | undefined;
  listed: boolean;
  noCash: boolean;
  error: RuleError | null;
  locale: Locale;
}) {
  const { t } = useTranslation('trade');
  const ruleText = useRuleText();
  return (
    <>
      {!listed && listingAt !== undefined && (
        <p className="ticket__error" role="status" data-testid="ticket-not-listed">
          {listingAt >= NOT_SCHEDULED
            ? t('ticket.not_scheduled')
            : t('ticket.not_listed', { date: formatDateTime(listingAt, locale) })}
        </p>
      )}
      {/* No cash to buy with: where money comes in, in place of a bare
          "insufficient balance" — in thumb reach, where that would have been said. */}
      {noCash && (
        <FundingHint
          text={t('ticket.no_cash')}
          href={paths.recharge}
          label={t('ticket.deposit')}
          testId="ticket-no-cash"
        />
      )}
      {error && !(noCash && error.key === 'INSUFFICIENT_BALANCE') && (
        <p className="ticket__error" role="alert" data-testid="ticket-error" data-key={error.key}>
          {ruleText(error)}
        </p>
      )}
    </>
  );
}

import { useSnapshot } from 'valtio';
import Decimal from 'decimal.js';
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatPrice, formatTry } from '../../../domain/format/number';
import type { StockInfo } from '../../../domain/protocol/market';
import {
  LIVE_ORDER_STATUSES,
  type OrderResult,
  type OrderSide,
  type OrderType,
  type SpotOrder,
  type TimeInForce,
} from '../../../domain/protocol/trading';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { ResultSheet, type OrderOutcome } from '../../components/trade/result-sheet';
import { newClientOrderId } from '../../api/client-order-id';
import { isFinalRefusal } from '../../state/request-intent';
import { isPasswordRefusal, useMoneyAction } from '../../components/form/use-money-action';
import { heldText } from './order-row';
import { outcomeOf } from './ticket-outcome';
import { paths } from '../../paths/paths';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import { call, type CallInput } from '../../api/call';
import { orderPreviewEndpoints } from '../../../domain/protocol/endpoints/order-preview';
import { OrderPreviewCosts, shownPreview } from '../../components/trade/order-preview';
import { spotPreviewRows } from '../../components/trade/order-preview-rows';
import { useOrderPreview } from '../../components/trade/use-order-preview';
import { ButtonLink } from '../../components/button';
import { prefs } from '../../state/prefs';

/** The order as the ticket has it: what is confirmed, then sent. */
type StockDraft = {
  side: OrderSide;
  type: OrderType;
  tif: TimeInForce;
  quantity: string | null;
  price: string | null;
};

type Props = {
  info: StockInfo;
  draft: StockDraft;
  disabled: boolean;
  needPassword: boolean;
  /** The ticket's own cost estimate: the sheet shows it until the broker's preview is in. */
  breakdown: ReactNode;
  /** What a budget leaves over (buying by amount), under the costs. */
  /** What a budget leaves, given the total the sheet shows (the preview's, or null for the ticket's own). */
  leftover: ((total: string | null) => ReactNode) | null;
  onPlaced: () => void;
  /** The price the preview used: the limit, or the last price a market order is estimated at. */
  estimate: string | null;
};

type Shown = { outcome: OrderOutcome; reason: string; result: OrderResult | null };

/**
 * The confirmation's state and the send, a money action: one request at a time, one client order
 * id per order kept across a retry (the same order confirmed again after a lost answer, even after
 * closing the sheet, leaving the screen or reloading, keeps its id: the broker answers the first
 * order instead of placing a second one), and the password asked for when the broker wants it.
 */
function useTicketSend({ info, draft, onPlaced }: Props) {
  const { side, type, tif, quantity, price } = draft;
  const { t } = useTranslation('trade');
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const action = useMoneyAction({ form: 'stock-order', newId: newClientOrderId, passwordSheet: true });
  const intent = { symbol: info.symbol, side, type, tif, quantity, price: type === 'limit' ? price : null };

  const open = () => {
    action.setError('');
    setConfirming(true);
  };

  const send = async (tradePassword: string | undefined) => {
    if (quantity === null) return;
    const outcome = await action.run(
      (clientOrderId) =>
        call(
          stockOrderEndpoints[side],
          {
            symbol: info.symbol,
            type,
            quantity,
            price: type === 'limit' && price !== null ? price : undefined,
            timeInForce: tif,
            clientOrderId,
            tradePassword,
          },
          { silent: true },
        ),
      intent,
    );
    if (outcome.status === 'done') {
      const { result } = outcome;
      const reason = result.order.statusReason
        ? t(`reason.${result.order.statusReason}`, { defaultValue: '' })
        : '';
      setConfirming(false);
      setShown({ outcome: outcomeOf(result), reason, result });
      onPlaced();
    } else if (
      outcome.status === 'refused' &&
      isFinalRefusal(outcome.error) &&
      !isPasswordRefusal(outcome.error)
    ) {
      // A refusal (-1001) is final: show it as the result. A lost answer, or a refusal whose
      // outcome is unknown (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED: the order may be placed),
      // stays in the sheet so the same confirmation (same client order id) can be retried.
      action.setError('');
      setConfirming(false);
      setShown({ outcome: 'rejected', reason: outcome.text, result: null });
    }
  };
  const { busy, error, askPassword } = action;
  return { confirming, setConfirming, busy, error, shown, setShown, askPassword, open, send };
}

/** The rows the broker's preview shares with the ticket's own breakdown (StockCosts). */
const STOCK_ROW_IDS = {
  amount: 'cost-amount',
  commission: 'cost-commission',
  bsmv: 'cost-bsmv',
  exchangeFee: 'cost-exchange-fee',
  total: 'cost-total',
};

const loadPreview = (request: CallInput<typeof orderPreviewEndpoints.stock>) =>
  call(orderPreviewEndpoints.stock, request, { silent: true });

/** The order the broker is asked to price: the one the button would confirm, once it can be sent. */
function previewRequest({
  info,
  draft,
  disabled,
}: Props): CallInput<typeof orderPreviewEndpoints.stock> | null {
  const { side, type, tif, quantity, price } = draft;
  if (disabled || quantity === null || (type === 'limit' && price === null)) return null;
  return {
    symbol: info.symbol,
    side,
    type,
    quantity,
    ...(type === 'limit' && price !== null ? { price } : {}),
    timeInForce: tif,
  };
}

/** What the sheet asks the user to confirm: the stock, side, type, quantity and price. */
function summaryRows(t: TFunction<'trade'>, locale: Locale, props: Props) {
  const { info, estimate } = props;
  const { side, type, tif, quantity, price } = props.draft;
  return [
    { label: t('ticket.symbol'), value: `${info.symbol} · ${info.name}` },
    {
      label: t('ticket.side_label'),
      value: t(`side.${side}`),
      tone: side === 'buy' ? ('up' as const) : ('down' as const),
    },
    {
      label: t('ticket.type_label'),
      value: type === 'limit' ? `${t('type.limit')} · ${t(`tif.${tif}`)}` : t('type.market'),
    },
    { label: t('ticket.quantity'), value: formatDecimal(quantity, locale, { decimals: 0 }) },
    {
      label: type === 'limit' ? t('ticket.price') : t('ticket.price_market'),
      value: type === 'limit' ? formatPrice(price, locale, 2) : `≈ ${formatPrice(estimate, locale, 2)}`,
    },
  ];
}

/** What the broker answered: status, filled of ordered, average price, amount, fees and hold. */
function resultRowsOf(t: TFunction<'trade'>, locale: Locale, order: SpotOrder) {
  const money = (value: string | null | undefined) => formatTry(value, locale);
  return [
    { label: t('ticket.symbol'), value: `${order.symbol} · ${t(`side.${order.side}`)}` },
    { label: t('ticket.status'), value: t(`status.${order.status}`), testId: 'result-status' },
    {
      label: t('ticket.filled_qty'),
      value: t('orders.filled_of', {
        filled: formatDecimal(order.filledQty, locale, { decimals: 0 }),
        qty: formatDecimal(order.quantity, locale, { decimals: 0 }),
      }),
      testId: 'result-filled',
    },
    { label: t('ticket.avg_price'), value: formatPrice(order.avgPrice, locale, 2) },
    { label: t('ticket.amount'), value: money(order.filledAmount) },
    { label: t('ticket.fees'), value: money(order.fees) },
    // A resting order's ₺0,00 amount and costs read as nothing committed: say what it holds.
    ...(LIVE_ORDER_STATUSES.includes(order.status) && new Decimal(order.frozen).gt(0)
      ? [
          {
            label: t('orders.held'),
            value: heldText(order, locale, (qty) => t('ticket.shares', { qty })),
            testId: 'result-held',
          },
        ]
      : []),
  ];
}

/**
 * The ticket's button, its confirmation sheet and the result. One client order id per
 * confirmation: a retry after a lost answer resends it, so the server never makes a second order.
 */
export function TicketSubmit(props: Props) {
  const { info, disabled, needPassword, breakdown, leftover } = props;
  const { side } = props.draft;
  const { t } = useTranslation('trade');
  const { lang: locale } = useSnapshot(prefs);
  const { confirming, setConfirming, busy, error, shown, setShown, askPassword, open, send } =
    useTicketSend(props);
  const preview = useOrderPreview(previewRequest(props), loadPreview, confirming);
  const summary = summaryRows(t, locale, props);
  const order = shown?.result?.order;
  const resultRows = order ? resultRowsOf(t, locale, order) : [];

  return (
    <>
      <button
        type="button"
        className={`button ticket__submit ticket__submit--${side}`}
        data-testid="ticket-submit"
        disabled={disabled}
        onClick={open}
      >
        {t(side === 'buy' ? 'ticket.submit_buy' : 'ticket.submit_sell', { symbol: info.symbol })}
      </button>
      {confirming && (
        <ConfirmSheet
          title={t('ticket.confirm_title')}
          rows={summary}
          costs={
            <OrderPreviewCosts
              state={preview}
              rowsOf={(p, tt) =>
                spotPreviewRows(tt, locale, p, { priceScale: 2, qtyScale: 0 }, STOCK_ROW_IDS)
              }
              fallback={breakdown}
              costsTestId="cost-breakdown"
              testId="stock-preview"
            >
              {leftover?.(shownPreview(preview)?.total ?? null)}
            </OrderPreviewCosts>
          }
          needPassword={needPassword || askPassword}
          tone={side}
          confirmLabel={t(side === 'buy' ? 'ticket.confirm_buy' : 'ticket.confirm_sell')}
          busy={busy}
          error={error}
          onConfirm={(password) => void send(password)}
          onCancel={() => setConfirming(false)}
        />
      )}
      {shown && (
        <ResultSheet
          outcome={shown.outcome}
          reason={shown.reason}
          rows={resultRows}
          onClose={() => setShown(null)}
          actions={
            <ButtonLink href={paths.orders} testId="result-orders" look="secondary">
              {t('ticket.view_orders')}
            </ButtonLink>
          }
        />
      )}
    </>
  );
}

import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPrice } from '../../../domain/format/number';
import { chargeDecimals } from '../../../domain/format/addends';
import { USDT_SCALE } from '../../../domain/format/money';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { SpotPreview } from '../../../domain/protocol/order-preview';
import type { CoinOrderRequest, OrderResult } from '../../../domain/protocol/trading';
import { leftoverAfter, type CoinAmountBuy } from '../../../domain/trade/by-amount';
import { LeftoverRow } from '../../components/trade/buy-by-amount';
import { ConfirmSheet, type ConfirmSheetState } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { OrderPreviewCosts, shownPreview } from '../../components/trade/order-preview';
import { previewMoney, spotPreviewRows } from '../../components/trade/order-preview-rows';
import { ResultSheet, type OrderOutcome } from '../../components/trade/result-sheet';
import type { PreviewState } from '../../components/trade/use-order-preview';

type Pair = Pick<CoinInfo, 'base' | 'quote' | 'qtyScale' | 'priceScale'>;

/** A working order's hold, in the wallet's decimals: the buy's quote coin, the sell's base coin. */
function heldRows(order: OrderResult['order'], lang: Locale, info: Pair, label: string): FigureRow[] {
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

/**
 * The confirm sheet's costs: the broker's preview of the order, the ticket's own breakdown
 * (`fallback`) until it is in; under a budget (`bought`), what the budget leaves.
 */
export function SpotConfirmCosts({
  preview,
  info,
  lang,
  bought,
  usd,
  fallback,
}: {
  preview: PreviewState<SpotPreview> | null;
  info: CoinInfo;
  lang: Locale;
  bought: CoinAmountBuy | null;
  usd: (value: string) => string;
  fallback: ReactNode;
}) {
  const leftover = sheetLeftoverText(bought, shownPreview(preview), usd, lang);
  return (
    <OrderPreviewCosts
      state={preview}
      rowsOf={(p, t) => spotPreviewRows(t, lang, p, info, SPOT_ROW_IDS)}
      fallback={fallback}
      costsTestId="spot-confirm-costs"
      testId="spot-preview"
    >
      {leftover !== null && <LeftoverRow value={leftover} coin />}
    </OrderPreviewCosts>
  );
}

/** The last look at a spot order: pair, side, type, quantity, price, and its costs. */
export function SpotConfirmSheet({
  info,
  request,
  costs,
  lang,
  ...sheet
}: {
  info: Pair;
  request: CoinOrderRequest;
  costs: ReactNode;
  lang: Locale;
} & ConfirmSheetState) {
  const { t } = useTranslation('contract');
  const { side, type } = request;
  return (
    <ConfirmSheet
      title={t('spot.confirm_title')}
      rows={[
        { label: t('pair'), value: `${info.base}/${info.quote}` },
        { label: t('spot.side_label'), value: t(side === 'buy' ? 'spot.buy' : 'spot.sell') },
        { label: t('spot.type_label'), value: t(type === 'market' ? 'spot.market' : 'spot.limit') },
        {
          label: t('spot.quantity'),
          value: `${formatDecimal(request.quantity, lang, { decimals: info.qtyScale })} ${info.base}`,
        },
        {
          label: t('spot.price'),
          value: request.price ? formatPrice(request.price, lang, info.priceScale) : t('spot.at_market'),
        },
      ]}
      costs={costs}
      tone={side}
      confirmLabel={t('spot.confirm')}
      {...sheet}
      testId="spot-confirm"
    />
  );
}

/** What the broker did with the order: filled, partly, resting (and what it holds), or cancelled. */
export function SpotResultSheet({
  result,
  info,
  lang,
  onClose,
}: {
  result: OrderResult;
  info: Pair;
  lang: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation('contract');
  const outcome = outcomeOf(result);
  const { order } = result;
  return (
    <ResultSheet
      outcome={outcome}
      rows={[
        {
          label: t('spot.filled_qty'),
          value: `${formatDecimal(order.filledQty, lang, { decimals: info.qtyScale })} ${info.base}`,
        },
        {
          label: t('spot.avg_price'),
          value: order.avgPrice ? formatPrice(order.avgPrice, lang, info.priceScale) : '--',
        },
        {
          label: t('spot.fee_paid'),
          // The fee is charged in the quote currency (server/trading/spot/booking.ts), buying or selling.
          value: `${formatMoney(order.fees, lang, { decimals: chargeDecimals(order.fees) })} ${info.quote}`,
        },
        // Resting: its 0 filled and 0 fee read as nothing committed; say what it holds.
        ...(outcome === 'resting' || outcome === 'partial'
          ? heldRows(order, lang, info, t('spot.held'))
          : []),
      ]}
      onClose={onClose}
      testId="spot-result"
    />
  );
}

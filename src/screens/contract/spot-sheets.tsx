import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPrice } from '../../../domain/format/number';
import { chargeDecimals } from '../../../domain/format/addends';
import { USDT_SCALE } from '../../../domain/format/money';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { CoinOrderRequest, OrderResult } from '../../../domain/protocol/trading';
import { ConfirmSheet, type ConfirmSheetState } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { ResultSheet, type OrderOutcome } from '../../components/trade/result-sheet';

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

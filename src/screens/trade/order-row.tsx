import { useSnapshot } from 'valtio';
import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPrice, formatTry } from '../../../domain/format/number';
import { LIVE_ORDER_STATUSES, type SpotOrder } from '../../../domain/protocol/trading';
import { direction, toneClass } from '../../components/tone';
import { Button } from '../../components/button';
import { prefs } from '../../state/prefs';

/** An order's hold as the user reads it: lira for a buy, shares for a sell. */
export function heldText(
  order: Pick<SpotOrder, 'side' | 'frozen'>,
  locale: Locale,
  shares: (qty: string) => string,
): string {
  return order.side === 'buy'
    ? formatTry(order.frozen, locale)
    : shares(formatDecimal(order.frozen, locale, { decimals: 0 }));
}

/** One stock order as a two-line card: what, how much filled at what price, its state and time. */
export function OrderRow({
  order,
  onCancel,
  busy,
}: {
  order: SpotOrder;
  onCancel?: (order: SpotOrder) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('trade');
  const { lang: locale } = useSnapshot(prefs);
  const live = LIVE_ORDER_STATUSES.includes(order.status);
  // What a working order keeps aside: the buy's cash (cost and fees at its price), the sell's shares.
  const held =
    live && new Decimal(order.frozen).gt(0)
      ? heldText(order, locale, (qty) => t('ticket.shares', { qty }))
      : null;
  const reason = order.statusReason ? t(`reason.${order.statusReason}`, { defaultValue: '' }) : '';
  return (
    <li className="order-row" data-testid="order-row" data-order-id={order.id} data-status={order.status}>
      <div className="order-row__head">
        <span className={`side-tag side-tag--${order.side}`}>{t(`side.${order.side}`)}</span>
        <span className="order-row__symbol">{order.symbol}</span>
        <span className="order-row__name">{order.name}</span>
        <span className="order-row__status" data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>
      </div>
      <OrderGrid order={order} locale={locale} held={held} />
      <div className="order-row__foot">
        <span className="num">{formatDateTime(order.createdAt, locale)}</span>
        {reason !== '' && <span className="order-row__reason">{reason}</span>}
        {live && onCancel && (
          <Button
            className="order-row__cancel"
            testId="order-cancel"
            disabled={busy}
            onClick={() => onCancel(order)}
          >
            {t('orders.cancel')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The order's figures: price and type, filled of ordered, average price, fees, hold and profit. */
function OrderGrid({ order, locale, held }: { order: SpotOrder; locale: Locale; held: string | null }) {
  const { t } = useTranslation('trade');
  return (
    <dl className="order-row__grid">
      <div>
        <dt>
          {order.type === 'limit'
            ? `${t('type.limit')} · ${t(`tif.${order.timeInForce}`)}`
            : t('type.market')}
        </dt>
        <dd className="num">{order.type === 'limit' ? formatPrice(order.price, locale, 2) : '--'}</dd>
      </div>
      <div>
        <dt>{t('ticket.filled_qty')}</dt>
        <dd className="num" data-testid="order-filled">
          {t('orders.filled_of', {
            filled: formatDecimal(order.filledQty, locale, { decimals: 0 }),
            qty: formatDecimal(order.quantity, locale, { decimals: 0 }),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('orders.avg')}</dt>
        <dd className="num">{formatPrice(order.avgPrice, locale, 2)}</dd>
      </div>
      <div>
        <dt>{t('orders.fees')}</dt>
        <dd className="num">{formatTry(order.fees, locale)}</dd>
      </div>
      {held !== null && (
        <div>
          <dt>{t('orders.held')}</dt>
          <dd className="num" data-testid="order-held">
            {held}
          </dd>
        </div>
      )}
      {order.side === 'sell' && direction(order.realizedPnl) !== 0 && (
        <div>
          <dt>{t('orders.pnl')}</dt>
          <dd className={`num ${toneClass(order.realizedPnl)}`}>
            {formatMoney(order.realizedPnl, locale, { currency: 'TRY', signed: true })}
          </dd>
        </div>
      )}
    </dl>
  );
}

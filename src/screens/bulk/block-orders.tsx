import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { bulkEndpoints } from '../../../domain/protocol/endpoints/bulk';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { PagedList } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { lotCount } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { formatTry } from '../../../domain/format/number';

/** The active account's block purchases, newest first, each with when its lock-up ends. */
export function BlockOrders() {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  const paged = usePaged('block-orders', (page, size) =>
    call(bulkEndpoints.orders, { page, size }, { silent: true }),
  );
  return (
    <PagedList
      paged={paged}
      skeletonRows={2}
      empty={<EmptyState title={t('list.mine_empty')} />}
      look="ipo"
      testId="block-orders"
      moreLabel={t('list.more')}
    >
      {(order) => (
        <li key={order.id} className="bulk-order" data-testid={`block-order-${order.id}`}>
          <span className="bulk-order__head">
            <span className="ipo-card__symbol">{order.symbol}</span>
            <span className="num">{formatTry(order.total, lang)}</span>
          </span>
          <span className="bulk-order__head">
            <span className="num">
              {t('card.lots', lotCount(order.lots, lang))} × {formatTry(order.price, lang)}
            </span>
            <span className={`ipo-badge ipo-badge--${order.locked ? 'wait' : 'good'}`}>
              {order.locked
                ? t('list.locked_until', { date: formatDateTime(order.lockedUntil, lang) })
                : t('list.unlocked', { date: formatDateTime(order.lockedUntil, lang) })}
            </span>
          </span>
          <span className="bulk-order__foot">
            {t('list.bought', { date: formatDateTime(order.boughtAt, lang) })}
          </span>
        </li>
      )}
    </PagedList>
  );
}

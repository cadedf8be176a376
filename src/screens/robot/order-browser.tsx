import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { RobotOrder, RobotOrderStatus } from '../../../domain/protocol/robots';
import { robotEndpoints } from '../../../domain/protocol/endpoints/robots';
import { useRecordChanges } from '../../market/use-record-changes';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { PagedList, PickState } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { robotHref, ROBOT_LIST_PATH, ROBOT_ORDER_PATH, share, signedUsdt, usdt } from './format';
import { OrderBadge } from './parts';
import { toneOf } from '../../components/tone';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';

function OrderCard({ order }: { order: RobotOrder }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  const running = order.status === 'running';
  return (
    <li>
      <Link
        className="tap-card ipo-card"
        href={robotHref(order.id, ROBOT_ORDER_PATH)}
        data-testid={`robot-order-${order.id}`}
      >
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{t('level', { level: order.level })}</span>
            <span className="ipo-card__name">{t(`strategy.${order.strategy}.name`)}</span>
          </span>
          <OrderBadge status={order.status} />
        </span>
        <FigureRows
          rows={[
            { label: t('order.capital'), value: usdt(order.capital, lang) },
            { label: running ? t('order.value') : t('order.returned'), value: usdt(order.value, lang) },
            {
              label: t('order.pnl'),
              value: `${signedUsdt(order.pnl, lang)} (${share(order.pnlRate, lang, true)})`,
              tone: toneOf(order.pnl),
            },
            // Marked at every bar, so a fall that recovered before the sale still shows.
            {
              label: t(order.drawdownFrom === 'fills' ? 'order.drawdown_fills' : 'order.drawdown'),
              value: share(order.maxDrawdown, lang),
            },
            running
              ? { label: t('order.days_left'), value: String(order.daysLeft) }
              : { label: t('order.trades'), value: String(order.trades) },
          ]}
        />
      </Link>
    </li>
  );
}

const ROBOT_RECORDS = ['robot'] as const;

/** The account's robot orders, newest first, a page at a time (one status, or all). */
export function OrderBrowser({
  status,
  empty,
  browse = false,
}: {
  status?: RobotOrderStatus;
  empty: string;
  /** With no orders at all, say how they come and lead to the robots (where none is a dead end). */
  browse?: boolean;
}) {
  const { t } = useTranslation('robot');
  const paged = usePaged(`robot-orders-${status ?? 'all'}`, (page, size) =>
    call(robotEndpoints.orderList, { page, size, status }, { silent: true }),
  );
  // An order's end is read whole: its figures change meaning with the status ("value" becomes
  // "returned"), so the status is not patched ahead of them.
  useRecordChanges(ROBOT_RECORDS, () => void paged.refresh({ keepMore: true }));
  return (
    <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>
      <PagedList
        paged={paged}
        empty={
          browse ? (
            <PickState
              title={empty}
              body={t('record.empty_body')}
              href={ROBOT_LIST_PATH}
              label={t('mine.browse')}
              testId="robot-orders-browse"
            />
          ) : (
            <EmptyState title={empty} />
          )
        }
        look="ipo"
        testId="robot-orders"
        moreLabel={t('mine.more')}
      >
        {(order) => <OrderCard key={order.id} order={order} />}
      </PagedList>
    </PullToRefresh>
  );
}

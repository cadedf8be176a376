import './namespace';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { BlockOrder } from '../../../domain/protocol/bulk';
import { getAssets } from '../../api/assets';
import { getBlock } from '../../api/bulk';
import { ResultTitle } from '../../components/content/result-title';
import { idFromSearch } from '../../components/content/search-id';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { useVipMember } from './use-vip-member';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { formatLots, formatTry } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { BlockBrowser } from './block-browser';
import { BlockOrderForm } from './block-order-form';
import { blockHref, BULK_LIST_PATH, BULK_ORDER_PATH } from './paths';
import { SubjectHead } from '../../components/trade/subject-head';

const loadAssets = () => getAssets({ silent: true });
const POSITIONS_PATH = '/pages/tabbar/position';

function Bought({ order }: { order: BlockOrder }) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  return (
    <div className="ipo-done" data-testid="order-done">
      <ResultTitle as="h2" className="ipo-done__title">
        {t('order.done_title')}
      </ResultTitle>
      <p className="ipo-done__body">
        {t('order.done_body', {
          lots: formatLots(order.lots, lang),
          symbol: order.symbol,
          total: formatTry(order.total, lang),
          date: formatDateTime(order.lockedUntil, lang),
        })}
      </p>
      <div className="ipo-done__actions">
        <Link href={BULK_LIST_PATH} className="button button--primary" data-testid="order-see-orders">
          {t('order.see_orders')}
        </Link>
        <Link href={POSITIONS_PATH} className="button button--secondary">
          {t('order.see_holdings')}
        </Link>
      </div>
    </div>
  );
}

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('bulk');
  const load = useCallback(() => getBlock(id, { silent: true }), [id]);
  const detail = useLiveData(`block-${id}`, load);
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const [done, setDone] = useState<BlockOrder | null>(null);
  const isVip = useVipMember();
  const refresh = () => {
    detail.refresh();
    assets.refresh();
  };

  if (done) return <Bought order={done} />;
  if (detail.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (detail.status === 'error')
    return (
      <ErrorState
        error={detail.error}
        onRetry={detail.reload}
        back={{ href: BULK_LIST_PATH, label: t('title') }}
      />
    );
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const block = detail.data;
  const header = <SubjectHead symbol={block.symbol} name={block.name} />;
  if (block.status !== 'open' || (block.vipOnly && !isVip) || block.price === null)
    return (
      <div className="ipo-stack">
        {header}
        <EmptyState
          title={block.vipOnly ? t('detail.vip_note') : t('detail.not_open')}
          action={
            <Link href={blockHref(block.id)} className="button button--secondary" data-testid="order-detail">
              {t('detail.title')}
            </Link>
          }
        />
      </div>
    );
  const stock = assets.data.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY');
  return (
    <div className="ipo-stack">
      {header}
      <BlockOrderForm
        isVip={isVip}
        block={block}
        available={stock?.available ?? '0'}
        onBought={(order) => {
          setDone(order);
          refresh();
        }}
        onRefused={refresh}
      />
    </div>
  );
}

/** /pages/stockBulk/bulkOrder?id=: buy from a block; without an id, the blocks to choose from. */
export default function BulkOrderScreen() {
  const { t } = useTranslation('bulk');
  const id = idFromSearch(useSearch());
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('order.title')} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid="block-chooser">
            <p className="lead">{t('order.choose')}</p>
            <BlockBrowser to={BULK_ORDER_PATH} />
          </div>
        ) : (
          <OrderBody key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}

import './namespace';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link, useSearch } from 'wouter';
import type { IpoApplication } from '../../../domain/protocol/ipo';
import { getAssets } from '../../api/assets';
import { getIpo } from '../../api/ipo';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { APPLICATIONS_PATH, ipoHref, ORDER_PATH } from './ipo-card';
import { IpoLoadError } from './ipo-load-error';
import { IpoBrowser } from './ipo-browser';
import { OrderDone } from './order-done';
import { OrderForm } from './order-form';
import { idFromSearch } from '../../components/content/search-id';
import { OfflineOrderBody } from './offline-order';
import { SubjectHead } from '../../components/trade/subject-head';

const loadAssets = () => getAssets({ silent: true });

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('ipo');
  const load = useCallback(() => getIpo(id, { silent: true }), [id]);
  const detail = useLiveData(`ipo-${id}`, load);
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const [done, setDone] = useState<IpoApplication | null>(null);

  if (done && detail.status === 'ready') return <OrderDone ipo={detail.data} application={done} />;
  if (detail.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (detail.status === 'error') return <IpoLoadError error={detail.error} onRetry={detail.reload} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const ipo = detail.data;
  const header = <SubjectHead symbol={ipo.symbol} name={ipo.name} />;
  if (ipo.applied === true)
    return (
      <div className="ipo-stack">
        {header}
        <EmptyState
          title={t('detail.applied')}
          action={
            <Link
              href={APPLICATIONS_PATH}
              className="button button--primary"
              data-testid="ipo-see-applications"
            >
              {t('detail.see_applications')}
            </Link>
          }
        />
      </div>
    );
  if (ipo.status !== 'subscribing')
    return (
      <div className="ipo-stack">
        {header}
        <EmptyState
          title={t('order.not_subscribing')}
          action={
            <Link href={ipoHref(ipo.id)} className="button button--secondary" data-testid="order-detail">
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
      <OrderForm
        ipo={ipo}
        available={stock?.available ?? '0'}
        onApplied={(application) => {
          setDone(application);
          assets.refresh();
        }}
        onRefused={() => {
          detail.refresh();
          assets.refresh();
        }}
      />
    </div>
  );
}

/**
 * /pages/stockIPO/ipoOrder?id=: apply for an IPO (`&channel=offline`: into its institutional
 * tranche); without an id, the IPOs open for applications.
 */
export default function IpoOrderScreen() {
  const { t } = useTranslation('ipo');
  const search = useSearch();
  const id = idFromSearch(search);
  const offline = new URLSearchParams(search).get('channel') === 'offline';
  return (
    <Screen className="ipo-screen">
      <Navbar title={offline ? t('offline.title') : t('order.title')} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid="ipo-chooser">
            <p className="lead">{t('order.choose')}</p>
            <IpoBrowser to={ORDER_PATH} initial="subscribing" />
          </div>
        ) : offline ? (
          <OfflineOrderBody key={id} id={id} />
        ) : (
          <OrderBody key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}

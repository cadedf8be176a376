import './namespace';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { IcoCommitment } from '../../../domain/protocol/ico';
import { getAssets } from '../../api/assets';
import { getIco } from '../../api/ico';
import { ResultTitle } from '../../components/content/result-title';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { CommitForm } from './commit-form';
import { IcoBrowser } from './ico-browser';
import {
  formatUsdt,
  icoHref,
  ICO_LIST_PATH,
  ICO_MINE_PATH,
  ICO_ORDER_PATH,
  idFromSearch,
} from './ico-format';
import { CommitmentBadge } from './ico-parts';
import { SubjectHead } from '../../components/trade/subject-head';

const loadAssets = () => getAssets({ silent: true });

/** After committing (DESIGN.md: show the result): what is held and until when. */
function CommitDone({ token, commitment }: { token: string; commitment: IcoCommitment }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  return (
    <section className="ipo-done" data-testid="commit-done">
      <ResultTitle as="h2" className="ipo-done__title">
        {t('order.done_title')}
      </ResultTitle>
      <CommitmentBadge status={commitment.status} testId="commit-done-status" />
      <p className="ipo-done__body">
        {t('order.done_body', {
          token,
          amount: formatUsdt(commitment.committed, lang),
          date: formatDateTime(commitment.refundAt, lang),
        })}
      </p>
      <div className="ipo-done__actions">
        <Link className="button button--primary" href={ICO_MINE_PATH} data-testid="commit-done-mine">
          {t('order.done_mine')}
        </Link>
      </div>
    </section>
  );
}

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  const load = useCallback(() => getIco(id, { silent: true }), [id]);
  const detail = useLiveData(`ico-${id}`, load);
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const [done, setDone] = useState<IcoCommitment | null>(null);

  if (done && detail.status === 'ready') return <CommitDone token={detail.data.token} commitment={done} />;
  if (detail.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (detail.status === 'error')
    return (
      <ErrorState
        error={detail.error}
        onRetry={detail.reload}
        back={{ href: ICO_LIST_PATH, label: t('list.title') }}
      />
    );
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const ico = detail.data;
  const header = <SubjectHead symbol={ico.token} name={ico.name} />;
  const already = ico.myCommitted !== null && ico.myCommitted !== '0';
  // One commitment per account: after it, say so (and what was committed) before the way on.
  if (already)
    return (
      <div className="ipo-stack" data-testid="commit-already">
        {header}
        <EmptyState
          title={t('order.already_title')}
          body={t('order.already_body', {
            token: ico.token,
            amount: formatUsdt(ico.myCommitted ?? '0', lang),
          })}
          action={
            <Link href={ICO_MINE_PATH} className="button button--secondary" data-testid="commit-elsewhere">
              {t('detail.see_mine')}
            </Link>
          }
        />
      </div>
    );
  if (ico.status !== 'subscribing')
    return (
      <div className="ipo-stack">
        {header}
        <EmptyState
          title={t('order.not_subscribing')}
          action={
            <Link href={icoHref(ico.id)} className="button button--secondary" data-testid="commit-elsewhere">
              {t('detail.title')}
            </Link>
          }
        />
      </div>
    );
  const usdt = assets.data.balances.find((b) => b.wallet === 'coin' && b.currency === 'USDT');
  return (
    <div className="ipo-stack">
      {header}
      <CommitForm
        ico={ico}
        available={usdt?.available ?? '0'}
        onCommitted={(commitment) => {
          setDone(commitment);
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

/** /pages/coinICO/icoOrder?id=: commit USDT to a sale; without an id, the sales open now. */
export default function IcoOrderScreen() {
  const { t } = useTranslation('ico');
  const id = idFromSearch(useSearch());
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('order.title')} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid="ico-chooser">
            <p className="lead">{t('order.choose')}</p>
            <IcoBrowser to={ICO_ORDER_PATH} status="subscribing" />
          </div>
        ) : (
          <OrderBody key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}

import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { applicationHold } from '../../../domain/ipo/money';
import { checkOfflineApply, offlineLimits, offlineStatus, offlineWindow } from '../../../domain/ipo/offline';
import type { OfflineApplication } from '../../../domain/protocol/bulk';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import { getAssets } from '../../api/assets';
import { applyOffline } from '../../api/bulk';
import { getIpo } from '../../api/ipo';
import { KeepWhole } from '../../components/content/keep-whole';
import { ResultTitle } from '../../components/content/result-title';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import type { FigureRow } from '../../components/trade/figure-rows';
import { LotsOrderForm } from '../../components/trade/lots-order-form';
import { costRows, formatLots, formatTry } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { ipoHref, OFFLINE_APPLICATIONS_PATH, OFFLINE_LIST_PATH } from './ipo-card';
import { termsOf } from './ipo-figures';
import { ipoErrorText } from './lots-input';
import { serverNow } from '../../api/server-clock';
import { SubjectHead } from '../../components/trade/subject-head';

const loadAssets = () => getAssets({ silent: true });

/** The IPO's tranche as domain/ipo/offline defines it, from the prospectus the screen has. */
function trancheOf(ipo: IpoDetail) {
  return {
    window: offlineWindow(ipo.subscribeStart),
    limits: offlineLimits(BigInt(ipo.minLots), BigInt(ipo.lotsInstitutional)),
  };
}

function OfflineDone({ application }: { application: OfflineApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const date = formatDateTime(application.allocationAt, lang);
  const body = t('offline.done_body', {
    lots: formatLots(application.lots, lang),
    symbol: application.symbol,
    held: formatTry(application.held, lang),
    date,
  });
  return (
    <div className="ipo-done" data-testid="offline-done">
      <ResultTitle as="h2" className="ipo-done__title">
        {t('offline.done_title')}
      </ResultTitle>
      <p className="ipo-done__body">
        <KeepWhole text={body} figures={[date]} />
      </p>
      <div className="ipo-done__actions">
        <Link className="button button--secondary" href={OFFLINE_LIST_PATH} data-testid="offline-done-list">
          {t('offline.done_browse')}
        </Link>
        <Link
          className="button button--primary"
          href={OFFLINE_APPLICATIONS_PATH}
          data-testid="offline-done-mine"
        >
          {t('offline.mine')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /pages/stockIPO/ipoOrder?id=&channel=offline: an application into the IPO's institutional
 * tranche — the same form as a retail application, with the tranche's limits and rule.
 */
export function OfflineOrderBody({ id }: { id: string }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const load = useCallback(() => getIpo(id, { silent: true }), [id]);
  const detail = useLiveData(`ipo-${id}`, load);
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const [done, setDone] = useState<OfflineApplication | null>(null);

  if (done) return <OfflineDone application={done} />;
  if (detail.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (detail.status === 'error') return <ErrorState error={detail.error} onRetry={detail.reload} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const ipo = detail.data;
  const tranche = trancheOf(ipo);
  const header = (
    <SubjectHead symbol={ipo.symbol} name={ipo.name}>
      <p className="ipo-head__summary">{t('offline.lead')}</p>
    </SubjectHead>
  );
  if (offlineStatus(tranche.window, serverNow()) !== 'open')
    return (
      <div className="ipo-stack">
        {header}
        <EmptyState
          title={t('offline.not_open')}
          action={
            <Link href={ipoHref(ipo.id)} className="button button--secondary" data-testid="order-detail">
              {t('detail.title')}
            </Link>
          }
        />
      </div>
    );
  const available =
    assets.data.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')?.available ?? '0';
  const summary = (lots: bigint | null): FigureRow[] => {
    const charge = lots !== null && lots > 0n ? applicationHold(termsOf(ipo), 'hold', lots) : null;
    return [
      { label: t('order.price'), value: formatTry(ipo.issuePrice, lang), testId: 'order-price' },
      { label: t('order.amount'), value: formatTry(charge?.amount ?? null, lang), testId: 'order-amount' },
      ...costRows(charge?.amount ?? null, ipo.costs, (part) => t(`order.${part}`), lang),
      {
        label: t('offline.held'),
        value: formatTry(charge?.hold ?? null, lang),
        testId: 'order-hold',
        tone: 'strong',
      },
      { label: t('offline.method'), value: t('offline.method_value') },
      {
        label: t('offline.allocation'),
        value: formatDateTime(ipo.allocationAt, lang),
        testId: 'order-allocation',
      },
    ];
  };
  return (
    <div className="ipo-stack" data-testid="offline-order">
      {header}
      <LotsOrderForm
        texts={{
          lots: t('order.lots'),
          hint: (
            <>
              {t('offline.hint', {
                min: formatLots(tranche.limits.minLots, lang),
                max: formatLots(tranche.limits.maxLots, lang),
                shares: formatLots(ipo.lotSize, lang),
              })}{' '}
              <span data-testid="order-available">
                {t('order.available', { amount: formatTry(available, lang) })}
              </span>
            </>
          ),
          summary: t('order.summary'),
          submit: t('order.submit'),
          sheetTitle: t('offline.title'),
          passwordLabel: t('order.password_label'),
          passwordHint: t('order.password_hint'),
          confirm: t('order.confirm'),
          passwordMissing: t('order.password_missing'),
          passwordSet: t('order.password_set'),
        }}
        summary={summary}
        check={(lotsText) => {
          const refusal = checkOfflineApply(lotsText, {
            t: serverNow(),
            ...tranche,
            terms: termsOf(ipo),
            alreadyApplied: false,
            available,
          });
          return refusal ? ipoErrorText(refusal, t, lang) : null;
        }}
        send={(lots, tradePassword) =>
          applyOffline({ id: ipo.id, lots: lots.toString(), tradePassword }, { silent: true })
        }
        onDone={(application) => {
          setDone(application);
          assets.refresh();
        }}
        onRefused={assets.refresh}
      />
    </div>
  );
}

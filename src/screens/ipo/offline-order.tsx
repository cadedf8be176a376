import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { applicationHold } from '../../../domain/ipo/money';
import { checkOfflineApply, offlineLimits, offlineStatus, offlineWindow } from '../../../domain/ipo/offline';
import type { OfflineApplication } from '../../../domain/protocol/bulk';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import { applyOffline } from '../../api/bulk';
import { getIpo } from '../../api/ipo';
import { KeepWhole } from '../../components/content/keep-whole';
import { ResultTitle } from '../../components/content/result-title';
import type { FigureRow } from '../../components/trade/figure-rows';
import { LotsOrderForm, lotsOrderTexts } from '../../components/trade/lots-order-form';
import { OrderClosed, OrderFlow, OrderStack } from '../../components/trade/order-flow';
import { costRows, formatLots, formatTry } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { ipoHref, OFFLINE_APPLICATIONS_PATH, OFFLINE_LIST_PATH } from './ipo-card';
import { termsOf } from './ipo-figures';
import { ipoErrorText } from './lots-input';
import { serverNow } from '../../api/server-clock';
import { SubjectHead } from '../../components/trade/subject-head';

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

/** The tranche's form: the same as a retail application, with the tranche's limits and rule. */
function OfflineForm({
  ipo,
  available,
  onDone,
  onRefused,
}: {
  ipo: IpoDetail;
  available: string;
  onDone: (application: OfflineApplication) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const tranche = trancheOf(ipo);
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
    <LotsOrderForm
      texts={{
        ...lotsOrderTexts(t, formatTry(available, lang)),
        hint: t('offline.hint', {
          min: formatLots(tranche.limits.minLots, lang),
          max: formatLots(tranche.limits.maxLots, lang),
          shares: formatLots(ipo.lotSize, lang),
        }),
        sheetTitle: t('offline.title'),
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
      onDone={onDone}
      onRefused={onRefused}
    />
  );
}

/**
 * /pages/stockIPO/ipoOrder?id=&channel=offline: an application into the IPO's institutional
 * tranche while its window (the days before the retail one) is open.
 */
export function OfflineOrderBody({ id }: { id: string }) {
  const { t } = useTranslation('ipo');
  return (
    <OrderFlow<IpoDetail, OfflineApplication>
      dataKey={`ipo-${id}`}
      load={() => getIpo(id, { silent: true })}
      pay={{ wallet: 'stock', currency: 'TRY' }}
      back={{ href: OFFLINE_LIST_PATH, label: t('offline.done_browse') }}
      done={(application) => <OfflineDone application={application} />}
    >
      {({ subject: ipo, available, onDone, onRefused }) => {
        const head = (
          <SubjectHead symbol={ipo.symbol} name={ipo.name}>
            <p className="ipo-head__summary">{t('offline.lead')}</p>
          </SubjectHead>
        );
        if (offlineStatus(trancheOf(ipo).window, serverNow()) !== 'open')
          return (
            <OrderClosed
              head={head}
              title={t('offline.not_open')}
              action={{ href: ipoHref(ipo.id), label: t('detail.title'), testId: 'order-detail' }}
            />
          );
        return (
          <OrderStack head={head} testId="offline-order">
            <OfflineForm ipo={ipo} available={available} onDone={onDone} onRefused={onRefused} />
          </OrderStack>
        );
      }}
    </OrderFlow>
  );
}

import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../domain/format/date';
import { applicationHold } from '../../../domain/ipo/money';
import { checkOfflineApply, offlineLimits, offlineStatus, offlineWindow } from '../../../domain/ipo/offline';
import type { OfflineApplication } from '../../../domain/protocol/bulk';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import { offlineEndpoints } from '../../../domain/protocol/endpoints/offline';
import { findOfflineApplication } from './offline-application';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { KeepWhole } from './keep-whole';
import { DonePanel, type DoneAction } from '../../components/trade/done-panel';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { LotsOrderForm, lotsOrderTexts } from '../../components/trade/lots-order-form';
import { OrderClosed, OrderFlow, OrderStack } from '../../components/trade/order-flow';
import { costRows, formatLots, lotCount } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { ipoHref, OFFLINE_APPLICATIONS_PATH, OFFLINE_LIST_PATH } from './ipo-card';
import { termsOf } from './ipo-figures';
import { heldRows } from './application-rows';
import { ipoErrorText } from './lots-input';
import { serverNow } from '../../api/server-clock';
import { SubjectHead } from '../../components/trade/subject-head';
import { ApplicationStatusBadge } from './status-badge';
import { formatTry } from '../../../domain/format/number';

/** The IPO and the user's application into its tranche, if any (one per IPO). */
type OfflineSubject = { ipo: IpoDetail; application: OfflineApplication | null };

async function loadOffline(id: string): Promise<OfflineSubject> {
  const [ipo, application] = await Promise.all([
    call(ipoEndpoints.info, { id }, { silent: true }),
    findOfflineApplication(id, { silent: true }),
  ]);
  return { ipo, application };
}

/** The IPO's tranche as domain/ipo/offline defines it, from the prospectus the screen has. */
function trancheOf(ipo: IpoDetail) {
  return {
    window: offlineWindow(ipo.subscribeStart),
    limits: offlineLimits(BigInt(ipo.minLots), BigInt(ipo.lotsInstitutional)),
  };
}

/** After applying, and on opening an application already made: the tranche's list, or mine. */
function offlineWaysOn(t: TFunction<'ipo'>, browseId: string, mineId: string): DoneAction[] {
  return [
    { href: OFFLINE_LIST_PATH, label: t('offline.done_browse'), testId: browseId },
    { href: OFFLINE_APPLICATIONS_PATH, label: t('offline.mine'), testId: mineId, primary: true },
  ];
}

function OfflineDone({ application }: { application: OfflineApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const date = formatDateTime(application.allocationAt, lang);
  const body = t('offline.done_body', {
    ...lotCount(application.lots, lang),
    symbol: application.symbol,
    held: formatTry(application.held, lang),
    date,
  });
  return (
    <DonePanel
      testId="offline-done"
      title={t('offline.done_title')}
      body={<KeepWhole text={body} figures={[date]} />}
      actions={offlineWaysOn(t, 'offline-done-list', 'offline-done-mine')}
    />
  );
}

/**
 * The tranche takes one application per investor and SPEC has no way to withdraw one: once
 * applied, the screen shows the application as the server keeps it (what is held, what was
 * allotted, when), not a second form.
 */
function OfflineApplied({ application: app }: { application: OfflineApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const lots = (value: string) => t('card.lots', lotCount(value, lang));
  const pending = t('record.pending');
  const allocated = app.allocatedAt !== null;
  const rows: FigureRow[] = [
    { label: t('record.lots'), value: lots(app.lots), testId: 'offline-applied-lots' },
    ...heldRows(app, t, lang, 'offline-applied'),
    { label: t('record.charged'), value: allocated ? formatTry(app.charged, lang) : pending },
    { label: t('record.refunded'), value: allocated ? formatTry(app.refunded, lang) : pending },
    { label: t('record.applied_at'), value: formatDateTime(app.appliedAt, lang) },
    allocated
      ? { label: t('record.allocated_at'), value: formatDateTime(app.allocatedAt, lang) }
      : {
          label: t('offline.allocation'),
          value: formatDateTime(app.allocationAt, lang),
          testId: 'offline-applied-allocation',
        },
  ];
  return (
    <DonePanel
      testId="offline-applied"
      title={t('offline.applied_title')}
      announce={false}
      badge={<ApplicationStatusBadge status={app.status} testId="offline-applied-status" />}
      // What happens next, until it has: once allotted, the rows say what happened.
      body={allocated ? undefined : t('offline.applied_body')}
      actions={offlineWaysOn(t, 'offline-applied-browse', 'offline-applied-mine')}
    >
      <FigureRows rows={rows} />
    </DonePanel>
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
      noCash={!new Decimal(available).gt(0)}
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
        call(offlineEndpoints.apply, { id: ipo.id, lots: lots.toString(), tradePassword }, { silent: true })
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
    <OrderFlow<OfflineSubject, OfflineApplication>
      dataKey={`ipo-offline-${id}`}
      load={() => loadOffline(id)}
      pay={{ wallet: 'stock', currency: 'TRY' }}
      back={{ href: OFFLINE_LIST_PATH, label: t('offline.done_browse') }}
      done={(application) => <OfflineDone application={application} />}
    >
      {({ subject: { ipo, application }, available, onDone, onRefused }) => {
        const head = (
          <SubjectHead symbol={ipo.symbol} name={ipo.name}>
            <p className="ipo-head__summary">{t('offline.lead')}</p>
          </SubjectHead>
        );
        if (application)
          return (
            <OrderStack head={head} testId="offline-order">
              <OfflineApplied application={application} />
            </OrderStack>
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

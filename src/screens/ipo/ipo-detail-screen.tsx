import './namespace';
import '../../styles/content-screens.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { FigureBlock } from '../../components/trade/figure-rows';
import { LoadedSubject, SubjectScreen } from '../../components/trade/subject-screen';
import { prefs } from '../../state/prefs';
import { OfferingBar } from '../../components/trade/order-link';
import { instrumentHref } from '../../paths/shell-paths';
import { Countdown } from './countdown';
import { estimateText } from './estimate-text';
import { APPLICATIONS_PATH, ipoHref, IPO_LIST_PATH, ORDER_PATH } from './ipo-card';
import { IpoBrowser } from './ipo-browser';
import { IpoCalendar, IpoDemand, ProspectusFacts } from './ipo-facts';
import { estimateOf, lotsOf } from './ipo-figures';
import { lotCount } from '../../components/trade/primary-format';
import { idFromSearch } from '../../components/content/search-id';
import { IpoStatusBadge } from './status-badge';
import { useNow } from '../../components/content/use-now';
import { SubjectHead } from '../../components/trade/subject-head';

/** The expected lots at the smallest and the largest request, from the live demand. */
function EstimateBlock({ ipo }: { ipo: IpoDetail }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const sizes = [lotsOf(ipo.minLots), lotsOf(ipo.maxLots)].filter((n): n is bigint => n !== null && n > 0n);
  const unique = [...new Set(sizes)];
  return (
    <FigureBlock
      block="ipo-block"
      className="ipo-estimate"
      title={t('detail.estimate')}
      testId="ipo-estimate"
      rows={unique.map((lots) => ({
        label: t('detail.estimate_for', lotCount(lots, lang)),
        value: estimateText(estimateOf(ipo, lots), t, lang),
        testId: `ipo-estimate-${lots.toString()}`,
      }))}
      note={t('detail.estimate_note')}
    />
  );
}

/** The bottom action: apply while the window is open, else why not. */
function ApplyBar({ ipo }: { ipo: IpoDetail }) {
  const { t } = useTranslation('ipo');
  return (
    <OfferingBar
      status={ipo.status}
      ordered={ipo.applied === true}
      words={{
        mine: {
          note: t('detail.applied'),
          testId: 'ipo-applied',
          link: {
            href: APPLICATIONS_PATH,
            label: t('detail.see_applications'),
            testId: 'ipo-see-applications',
          },
        },
        order: {
          href: ipoHref(ipo.id, ORDER_PATH),
          label: t('detail.apply'),
          guestLabel: t('detail.login'),
          testId: 'ipo-apply',
        },
        // Applications are long closed and the shares trade: the way on is the stock.
        market: {
          href: instrumentHref('stock', ipo.symbol),
          label: t('detail.see_stock', { symbol: ipo.symbol }),
          testId: 'ipo-see-stock',
        },
        notOpen: t('detail.not_open'),
        closed: t('detail.closed'),
        closedTestId: 'ipo-apply-closed',
      }}
    />
  );
}

/** The IPO in full: its head with the countdown, the estimate while it takes applications, its facts. */
function IpoDetailView({ ipo, onElapsed }: { ipo: IpoDetail; onElapsed: () => void }) {
  const now = useNow(true);
  return (
    <>
      <div className="ipo-stack" data-testid="ipo-detail">
        <SubjectHead symbol={ipo.symbol} name={ipo.name}>
          <IpoStatusBadge status={ipo.status} testId="ipo-status" />
          <p className="ipo-head__summary">{ipo.summary}</p>
          <Countdown ipo={ipo} now={now} onElapsed={onElapsed} testId="ipo-countdown" />
        </SubjectHead>
        {ipo.status === 'subscribing' && <EstimateBlock ipo={ipo} />}
        <ProspectusFacts ipo={ipo} />
        <IpoCalendar ipo={ipo} />
        <IpoDemand ipo={ipo} />
      </div>
      <ApplyBar ipo={ipo} />
    </>
  );
}

/** /pages/stockIPO/ipoDetail?id=: one IPO in full; without an id, the IPOs to choose from. */
export default function IpoDetailScreen() {
  const { t } = useTranslation('ipo');
  return (
    <SubjectScreen
      title={t('detail.title')}
      id={idFromSearch(useSearch())}
      chooser={{ testId: 'ipo-chooser', lead: t('detail.choose'), list: <IpoBrowser /> }}
    >
      {(id) => (
        <LoadedSubject
          dataKey={`ipo-${id}`}
          load={() => call(ipoEndpoints.info, { id }, { silent: true })}
          back={{ href: IPO_LIST_PATH, label: t('tab.all') }}
        >
          {(ipo, refresh) => <IpoDetailView ipo={ipo} onElapsed={refresh} />}
        </LoadedSubject>
      )}
    </SubjectScreen>
  );
}

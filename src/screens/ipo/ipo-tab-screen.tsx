import './namespace';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import type { Ipo } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { offlineEndpoints } from '../../../domain/protocol/endpoints/offline';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { APPLICATIONS_PATH, IPO_LIST_PATH, OFFLINE_LIST_PATH } from './ipo-card';
import { IpoSection, SectionEmpty } from './ipo-section';
import { useNow } from '../../components/content/use-now';
import { paths } from '../../paths/paths';
import { NavLinks } from '../../components/link-list';

const loadToday = () => call(ipoEndpoints.today, { size: 50 }, { silent: true });
const loadComing = () => call(ipoEndpoints.coming, { size: 20 }, { silent: true });
const loadRecent = () => call(ipoEndpoints.list, { size: 20 }, { silent: true });
const loadOffline = () => call(offlineEndpoints.today, { size: 1 }, { silent: true });
const RECENT = 5;
const recentOf = (list: Ipo[]) =>
  list.filter((ipo) => ipo.status === 'allocating' || ipo.status === 'listed').slice(0, RECENT);

/**
 * /pages/tabbar/ipo, the IPO tab: what accepts subscriptions now, counting down to its
 * close; what opens next, counting down to its start; the latest that closed or listed. Each
 * list is read again when one of its countdowns runs out (the server says what changed).
 */
export default function IpoTabScreen() {
  const { t } = useTranslation('ipo');
  const today = useLiveData('ipo-today', loadToday);
  const coming = useLiveData('ipo-coming', loadComing);
  const recent = useLiveData('ipo-recent', loadRecent);
  const offline = useLiveData('ipo-offline-today', loadOffline);
  const offlineOpen = offline.status === 'ready' ? offline.data.total : 0;
  const now = useNow(true);
  const { update: setToday } = today;
  const { update: setComing } = coming;
  const { update: setRecent } = recent;
  // Behind what is shown: a countdown running out must not flash the lists back to skeletons.
  const refresh = useCallback(() => {
    const keep = () => undefined;
    void loadToday().then((data) => setToday(() => data), keep);
    void loadComing().then((data) => setComing(() => data), keep);
    void loadRecent().then((data) => setRecent(() => data), keep);
  }, [setToday, setComing, setRecent]);
  // The three lists alike, each with its own empty words; all share the clock and the re-read.
  const sections = [
    {
      title: t('tab.subscribing'),
      data: today,
      testId: 'ipo-today',
      empty: <SectionEmpty title={t('tab.empty_subscribing')} body={t('tab.empty_subscribing_body')} />,
    },
    {
      title: t('tab.upcoming'),
      data: coming,
      testId: 'ipo-coming',
      empty: <SectionEmpty title={t('tab.empty_upcoming')} />,
    },
    {
      title: t('tab.recent'),
      data: recent,
      select: recentOf,
      testId: 'ipo-recent',
      empty: <SectionEmpty title={t('tab.empty_recent')} />,
    },
  ];

  return (
    <Screen className="ipo-screen">
      <Navbar title={t('tab.title')} back={false} />
      <div className="screen__body">
        <NavLinks
          label={t('tab.title')}
          links={[
            { href: APPLICATIONS_PATH, label: t('tab.mine'), testId: 'ipo-mine' },
            { href: IPO_LIST_PATH, label: t('tab.all'), testId: 'ipo-all' },
          ]}
        />
        {/* An IPO's institutional tranche is taken in the days before its retail window: while one
            is open the IPO sits under "upcoming" here, so the tab says so rather than leaving it to
            the list's channel switch. */}
        {offlineOpen > 0 && (
          <Link href={OFFLINE_LIST_PATH} className="tap-card ipo-card" data-testid="ipo-offline-entry">
            <span className="ipo-card__symbol">{t('tab.offline_open', { count: offlineOpen })}</span>
            <span className="ipo-card__name">{t('tab.offline_open_body')}</span>
          </Link>
        )}
        {/* Block trades: one small entry; the texts are this screen's. */}
        <Link href={paths.bulkList} className="tap-card ipo-card" data-testid="ipo-bulk-entry">
          <span className="ipo-card__symbol">{t('tab.bulk')}</span>
          <span className="ipo-card__name">{t('tab.bulk_body')}</span>
        </Link>
        {sections.map((section) => (
          <IpoSection key={section.testId} {...section} now={now} onElapsed={refresh} />
        ))}
        {/* Coin sales: their own screens, src/screens/ico. */}
        <Link href={paths.icoList} className="notice-card" data-testid="ipo-coin-sales">
          <strong>{t('coin_sales.title')}</strong>
          <p>{t('coin_sales.body')}</p>
        </Link>
      </div>
    </Screen>
  );
}

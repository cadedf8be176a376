import './namespace';
import '../../styles/content-screens.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { Ico } from '../../../domain/protocol/ico';
import { icoEndpoints } from '../../../domain/protocol/endpoints/ico';
import { call } from '../../api/call';
import { LoadedSubject, SubjectScreen } from '../../components/trade/subject-screen';
import { prefs } from '../../state/prefs';
import { OfferingBar } from '../../components/trade/order-link';
import { instrumentHref } from '../../paths/shell-paths';
import { IcoBrowser } from './ico-browser';
import { IcoFacts } from './ico-facts';
import {
  formatUsdt,
  icoHref,
  ICO_LIST_PATH,
  ICO_MINE_PATH,
  ICO_ORDER_PATH,
  idFromSearch,
} from './ico-format';
import { useNow } from '../../components/content/use-now';
import { IcoCountdown, IcoStatusBadge } from './ico-parts';
import { SubjectHead } from '../../components/trade/subject-head';

/** The bottom action: commit while the window is open, else why not. */
function CommitBar({ ico }: { ico: Ico }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  const committed = ico.myCommitted !== null && ico.myCommitted !== '0';
  return (
    <OfferingBar
      status={ico.status}
      ordered={committed}
      words={{
        mine: {
          note: committed ? t('detail.committed_mine', { amount: formatUsdt(ico.myCommitted, lang) }) : '',
          testId: 'ico-committed',
          link: { href: ICO_MINE_PATH, label: t('detail.see_mine'), testId: 'ico-see-mine' },
        },
        order: {
          href: icoHref(ico.id, ICO_ORDER_PATH),
          label: t('detail.commit'),
          guestLabel: t('detail.login'),
          testId: 'ico-commit',
        },
        // The token trades: the way on is its market.
        market: {
          href: instrumentHref('coin', ico.pair),
          label: t('detail.see_pair', { pair: ico.pair }),
          testId: 'ico-see-pair',
        },
        notOpen: t('detail.not_open'),
        closed: t('detail.closed'),
        closedTestId: 'ico-commit-closed',
      }}
    />
  );
}

/** The sale in full: its head with the countdown, its facts, and the bottom action. */
function IcoDetailView({ ico, onElapsed }: { ico: Ico; onElapsed: () => void }) {
  const now = useNow(true);
  return (
    <>
      <div className="ipo-stack" data-testid="ico-detail">
        <SubjectHead symbol={ico.token} name={ico.name}>
          <IcoStatusBadge status={ico.status} testId="ico-status" />
          <p className="ipo-head__summary">{ico.summary}</p>
          <IcoCountdown ico={ico} now={now} onElapsed={onElapsed} testId="ico-countdown" />
        </SubjectHead>
        <IcoFacts ico={ico} />
      </div>
      <CommitBar ico={ico} />
    </>
  );
}

/** /pages/coinICO/icoDetail?id=: one coin sale in full; without an id, the sales to choose from. */
export default function IcoDetailScreen() {
  const { t } = useTranslation('ico');
  return (
    <SubjectScreen
      title={t('detail.title')}
      id={idFromSearch(useSearch())}
      chooser={{ testId: 'ico-chooser', lead: t('detail.choose'), list: <IcoBrowser /> }}
    >
      {(id) => (
        <LoadedSubject
          dataKey={`ico-${id}`}
          load={() => call(icoEndpoints.info, { id }, { silent: true })}
          back={{ href: ICO_LIST_PATH, label: t('list.title') }}
        >
          {(ico, refresh) => <IcoDetailView ico={ico} onElapsed={refresh} />}
        </LoadedSubject>
      )}
    </SubjectScreen>
  );
}

import './namespace';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { session } from '../../state/session';
import { MarketListScreen } from '../../components/trade/subject-screen';
import { IcoBrowser } from './ico-browser';
import { ICO_MINE_PATH } from './ico-format';

/** /pages/coinICO/icoList: every coin sale, each leading to its detail. */
export default function IcoListScreen() {
  const { t } = useTranslation('ico');
  const signedIn = useSnapshot(session).userToken !== '';
  return (
    <MarketListScreen title={t('list.title')}>
      {signedIn && (
        <nav className="ipo-actions" aria-label={t('list.title')}>
          <Link href={ICO_MINE_PATH} className="button button--secondary" data-testid="ico-mine">
            {t('list.mine')}
          </Link>
        </nav>
      )}
      <IcoBrowser />
    </MarketListScreen>
  );
}

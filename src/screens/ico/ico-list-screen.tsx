import './namespace';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { session } from '../../state/session';
import { IcoBrowser } from './ico-browser';
import { ICO_MINE_PATH } from './ico-format';

/** /pages/coinICO/icoList: every coin sale, each leading to its detail. */
export default function IcoListScreen() {
  const { t } = useTranslation('ico');
  const signedIn = useSnapshot(session).userToken !== '';
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('list.title')} />
      <div className="screen__body">
        <div className="ipo-stack">
          {signedIn && (
            <nav className="ipo-actions" aria-label={t('list.title')}>
              <Link href={ICO_MINE_PATH} className="button button--secondary" data-testid="ico-mine">
                {t('list.mine')}
              </Link>
            </nav>
          )}
          <IcoBrowser />
        </div>
      </div>
    </Screen>
  );
}

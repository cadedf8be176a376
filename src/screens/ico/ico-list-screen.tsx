import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { MarketListScreen } from '../../components/trade/subject-screen';
import { IcoBrowser } from './ico-browser';
import { ICO_MINE_PATH } from './ico-format';
import { NavLinks } from '../../components/link-list';

/** /pages/coinICO/icoList: every coin sale, each leading to its detail. */
export default function IcoListScreen() {
  const { t } = useTranslation('ico');
  const signedIn = useSnapshot(session).userToken !== '';
  return (
    <MarketListScreen title={t('list.title')}>
      {signedIn && (
        <NavLinks
          label={t('list.title')}
          links={[{ href: ICO_MINE_PATH, label: t('list.mine'), testId: 'ico-mine' }]}
        />
      )}
      <IcoBrowser />
    </MarketListScreen>
  );
}

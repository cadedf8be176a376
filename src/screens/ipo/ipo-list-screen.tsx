import './namespace';
import { useTranslation } from 'react-i18next';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { IpoBrowser } from './ipo-browser';

/** /pages/stockIPO/ipoList: every IPO, by status, each leading to its detail. */
export default function IpoListScreen() {
  const { t } = useTranslation('ipo');
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('list.title')} />
      <div className="screen__body">
        <IpoBrowser />
      </div>
    </Screen>
  );
}

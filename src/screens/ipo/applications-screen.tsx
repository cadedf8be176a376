import './namespace';
import { useTranslation } from '../../i18n-hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ApplicationList } from './application-list';

/** /pages/stockIPO/list: my IPO applications with SPEC §4's statuses. */
export default function ApplicationsScreen() {
  const { t } = useTranslation('ipo');
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('applications.title')} />
      <div className="screen__body">
        <ApplicationList />
      </div>
    </Screen>
  );
}

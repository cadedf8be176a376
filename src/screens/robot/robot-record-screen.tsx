import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { OrderBrowser } from './order-browser';

/** /pages/robot/record: every robot order of the account, running and ended. */
export default function RobotRecordScreen() {
  const { t } = useTranslation('robot');
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('record.title')} />
      <div className="screen__body">
        <div className="ipo-stack" data-testid="robot-record">
          <OrderBrowser empty={t('record.empty')} browse />
        </div>
      </div>
    </Screen>
  );
}

import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ROBOT_LIST_PATH, ROBOT_RECORD_PATH } from './format';
import { OrderBrowser } from './order-browser';
import { NavLinks } from '../../components/link-list';

/** /pages/robot/mine: the account's running robots. */
export default function RobotMineScreen() {
  const { t } = useTranslation('robot');
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('mine.title')} />
      <div className="screen__body">
        <div className="ipo-stack" data-testid="robot-mine">
          <NavLinks
            label={t('mine.title')}
            links={[
              { href: ROBOT_RECORD_PATH, label: t('mine.record') },
              { href: ROBOT_LIST_PATH, label: t('mine.browse') },
            ]}
          />
          <OrderBrowser status="running" empty={t('mine.empty')} />
        </div>
      </div>
    </Screen>
  );
}

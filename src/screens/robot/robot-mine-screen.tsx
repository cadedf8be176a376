import './namespace';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ROBOT_LIST_PATH, ROBOT_RECORD_PATH } from './format';
import { OrderBrowser } from './order-browser';

/** /pages/robot/mine: the account's running robots. */
export default function RobotMineScreen() {
  const { t } = useTranslation('robot');
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('mine.title')} />
      <div className="screen__body">
        <div className="ipo-stack" data-testid="robot-mine">
          <nav className="ipo-actions" aria-label={t('mine.title')}>
            <Link href={ROBOT_RECORD_PATH} className="button button--secondary">
              {t('mine.record')}
            </Link>
            <Link href={ROBOT_LIST_PATH} className="button button--secondary">
              {t('mine.browse')}
            </Link>
          </nav>
          <OrderBrowser status="running" empty={t('mine.empty')} />
        </div>
      </div>
    </Screen>
  );
}

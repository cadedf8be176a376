import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { session } from '../../state/session';
import { ROBOT_INTRO_PATH, ROBOT_MINE_PATH, ROBOT_RECORD_PATH } from './format';
import { RiskNotice } from './parts';
import { RobotBrowser } from './robot-browser';
import { NavLinks } from '../../components/link-list';

/** /pages/robot/list: the robots on offer with their measured records. */
export default function RobotListScreen() {
  const { t } = useTranslation('robot');
  const signedIn = useSnapshot(session).userToken !== '';
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('list.title')} />
      <div className="screen__body">
        <div className="ipo-stack">
          <p className="lead">{t('list.lead')}</p>
          <Link href={ROBOT_INTRO_PATH} className="text-link robot-intro-link" data-testid="robot-intro-link">
            {t('list.intro')}
          </Link>
          {signedIn && (
            <NavLinks
              label={t('list.title')}
              links={[
                { href: ROBOT_MINE_PATH, label: t('list.mine'), testId: 'robot-mine-link' },
                { href: ROBOT_RECORD_PATH, label: t('list.record'), testId: 'robot-record-link' },
              ]}
            />
          )}
          <RobotBrowser />
          <RiskNotice />
        </div>
      </div>
    </Screen>
  );
}

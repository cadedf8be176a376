import './namespace';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ROBOT_LIST_PATH } from './format';
import { RiskNotice } from './parts';
import { ButtonLink } from '../../components/button';

const PARTS = ['what', 'levels', 'figures', 'end', 'stop'] as const;

/** /pages/robot/intro: what a robot is and is not, in plain words (DECISIONS §2). */
export default function RobotIntroScreen() {
  const { t } = useTranslation('robot');
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('intro.title')} />
      <div className="screen__body">
        <article className="ipo-stack robot-intro" data-testid="robot-intro">
          {PARTS.map((part) => (
            <section key={part}>
              <h2>{t(`intro.${part}_title`)}</h2>
              <p>{t(`intro.${part}`)}</p>
            </section>
          ))}
          <RiskNotice />
          <ButtonLink href={ROBOT_LIST_PATH}>{t('intro.browse')}</ButtonLink>
        </article>
      </div>
    </Screen>
  );
}

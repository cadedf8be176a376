import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Steps } from './text-blocks';

export default function IosApp() {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t('screen.iosAPP')} />
      <div className="screen__body">
        <h2 className="section-title">{t('install.ios.title')}</h2>
        <Steps textKey="install.ios.steps" />
        <p className="hint">{t('install.ios.note')}</p>
      </div>
    </Screen>
  );
}

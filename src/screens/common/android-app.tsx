import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Steps } from './text-blocks';

export default function AndroidApp() {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t('screen.androidAPP')} />
      <div className="screen__body">
        <h2 className="section-title">{t('install.android.title')}</h2>
        <Steps textKey="install.android.steps" />
        <p className="hint">{t('install.android.note')}</p>
      </div>
    </Screen>
  );
}

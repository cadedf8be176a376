import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Sections } from './text-blocks';

export default function PrivacyPolicy() {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t('screen.privacyPolicy')} />
      <article className="screen__body">
        <Sections textKey="legal.privacyPolicy" />
      </article>
    </Screen>
  );
}

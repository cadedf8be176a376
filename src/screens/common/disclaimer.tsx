import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Sections } from './text-blocks';

export default function Disclaimer() {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t('screen.disclaimer')} />
      <article className="screen__body">
        <Sections textKey="legal.disclaimer" />
      </article>
    </Screen>
  );
}

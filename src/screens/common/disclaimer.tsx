import { useTranslation } from 'react-i18next';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Sections } from '../../components/text-blocks';

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

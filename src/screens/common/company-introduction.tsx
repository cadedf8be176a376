import { useTranslation } from '../../i18n/hook';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Sections } from './text-blocks';

export default function CompanyIntroduction() {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t('screen.companyIntroduction')} />
      <article className="screen__body">
        <Sections textKey="legal.companyIntroduction" />
      </article>
    </Screen>
  );
}

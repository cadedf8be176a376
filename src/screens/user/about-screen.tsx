import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { BrandMark } from '../../components/brand-mark';
import { LinkList } from '../../components/link-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { APP_VERSION } from '../../state/app-config';
import { paths } from '../../paths/paths';

export default function AboutScreen() {
  const { t } = useTranslation();
  const links = [
    {
      href: paths.companyIntroduction,
      label: t('screen.companyIntroduction'),
      testId: 'about-company',
    },
    { href: paths.privacyPolicy, label: t('screen.privacyPolicy'), testId: 'about-privacy' },
    { href: paths.disclaimer, label: t('screen.disclaimer'), testId: 'about-disclaimer' },
    { href: paths.download, label: t('screen.download'), testId: 'about-download' },
  ];
  return (
    <Screen>
      <Navbar title={t('screen.about')} />
      <div className="screen__body">
        <div className="about-hero">
          <BrandMark size={72} />
          <h2 className="about-hero__name">{t('app_name')}</h2>
          <p className="about-hero__version num" data-testid="app-version">
            {t('about.version', { version: APP_VERSION })}
          </p>
        </div>
        <p className="lead">{t('about.body')}</p>
        <LinkList items={links} label={t('about.links_label')} />
        <p className="hint">{t('about.contact')}</p>
      </div>
    </Screen>
  );
}

import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { paths } from '../../paths/paths';

/** How to put the web app on a phone's home screen; each platform has its own step page. */
export default function DownloadScreen() {
  const { t } = useTranslation();
  const platforms = [
    { name: 'ios', href: paths.iosApp },
    { name: 'android', href: paths.androidApp },
  ] as const;
  return (
    <Screen>
      <Navbar title={t('screen.download')} />
      <div className="screen__body">
        <p className="lead">{t('install.intro')}</p>
        {platforms.map(({ name, href }) => (
          <section key={name} className="card" aria-labelledby={`install-${name}`}>
            <h2 id={`install-${name}`} className="card__title">
              {t(`install.${name}.title`)}
            </h2>
            <p className="card__text card__text--strong">{t(`install.${name}.summary`)}</p>
            <Link href={href} className="text-link" data-testid={`download-${name}`}>
              {t('install.details')}
            </Link>
          </section>
        ))}
      </div>
    </Screen>
  );
}
